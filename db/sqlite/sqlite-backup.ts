// SQLite copies of a live database: the online backup API (one step, so the copy is one consistent snapshot while
// writers carry on under WAL), integrity checks, and whether another connection (a running server) holds a file.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createPrivateFile, createPrivateFolder, restrictDatabaseFiles } from "../private-files";
import { readMigrationStatus, type MigrationStatus } from "./migration-status";

/** A check the file failed (not SQLite, corrupt, not Palestra's, from a newer Palestra); the message says which. */
export class DatabaseFileError extends Error {}

/** Tables every Palestra database has had since its first migration. */
const PALESTRA_TABLES = ["user", "account", "session", "measurement", "idempotency_record", "__drizzle_migrations"];

/** True while another connection has the database open (a server keeps its WAL connection for its whole life). */
export function isDatabaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const probe = new Database(file, { fileMustExist: true });
  try {
    probe.pragma("busy_timeout = 0");
    // An EXCLUSIVE-mode connection must lock the whole file before it touches a WAL database; any open WAL connection
    // holds a shared lock on it, so this fails with SQLITE_BUSY exactly while someone else has the database open.
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    probe.close();
  }
}

export type DatabaseFileCheck = { pages: number; bytes: number; migrations: MigrationStatus };

/** Opens a file read-only and checks it is an intact Palestra database this build can migrate. */
export function checkDatabaseFile(file: string): DatabaseFileCheck {
  if (!fs.existsSync(file)) throw new DatabaseFileError(`${file} does not exist.`);
  const header = Buffer.alloc(16);
  const descriptor = fs.openSync(file, "r");
  try {
    fs.readSync(descriptor, header, 0, 16, 0);
  } finally {
    fs.closeSync(descriptor);
  }
  if (header.toString("latin1") !== "SQLite format 3\u0000") throw new DatabaseFileError(`${file} is not a SQLite database.`);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return checkOpenDatabase(file, sqlite);
  } catch (error) {
    // A torn or overwritten file fails SQLite's own reads ("database disk image is malformed"): that is the answer.
    if (error instanceof Database.SqliteError) throw new DatabaseFileError(`${file} is damaged: ${error.message}.`);
    throw error;
  } finally {
    sqlite.close();
  }
}

function checkOpenDatabase(file: string, sqlite: Database.Database): DatabaseFileCheck {
  const integrity = sqlite.pragma("integrity_check", { simple: false }) as Array<{ integrity_check: string }>;
  const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== "ok");
  if (problems.length > 0) throw new DatabaseFileError(`${file} failed integrity_check: ${problems.slice(0, 3).join("; ")}`);
  const tables = new Set((sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name));
  const missing = PALESTRA_TABLES.filter((table) => !tables.has(table));
  if (missing.length > 0) throw new DatabaseFileError(`${file} is not a Palestra database (no ${missing.join(", ")} table).`);
  const migrations = readMigrationStatus(sqlite);
  if (migrations.newerThanBuild) throw new DatabaseFileError(`${file} comes from a newer Palestra than this one; upgrade Palestra first.`);
  const pages = Number(sqlite.pragma("page_count", { simple: true }));
  return { pages, bytes: pages * Number(sqlite.pragma("page_size", { simple: true })), migrations };
}

/**
 * Copies `source` to `destination` (which must not exist) with the online backup API, in one step: the copy is the
 * database as of the moment the step began, every commit acknowledged before it included. The copy is written to a
 * temporary file beside the destination, switched out of WAL (one self-contained file), checked, then renamed.
 */
export async function backupDatabaseFile(options: { source: string; destination: string }): Promise<DatabaseFileCheck> {
  const { source, destination } = options;
  if (!fs.existsSync(source)) throw new DatabaseFileError(`There is no database at ${source}.`);
  if (fs.existsSync(destination)) throw new DatabaseFileError(`${destination} already exists; choose a new file name.`);
  if (path.resolve(source) === path.resolve(destination)) throw new DatabaseFileError("The backup file must differ from the database.");
  createPrivateFolder(path.dirname(path.resolve(destination)));
  const temporary = `${destination}.partial-${process.pid}`;
  // 0600 from its first byte: the copy holds everything the database does.
  createPrivateFile(temporary);
  const sqlite = new Database(source, { fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 5000");
    // Every page in the first step: a multi-step backup restarts whenever a writer commits between two steps.
    await sqlite.backup(temporary, { progress: () => Number.MAX_SAFE_INTEGER });
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  } finally {
    sqlite.close();
  }
  const copy = new Database(temporary);
  copy.pragma("journal_mode = DELETE");
  copy.close();
  try {
    const check = checkDatabaseFile(temporary);
    fs.renameSync(temporary, destination);
    return check;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Replaces the database at `target` with the backup's content through the backup API (SQLite writes it through the
 * target's own journal, so a leftover WAL cannot be replayed over it). The caller has made sure no server holds it.
 */
export async function copyBackupOver(options: { backup: string; target: string }): Promise<void> {
  createPrivateFile(options.target);
  const source = new Database(options.backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(options.target, { progress: () => Number.MAX_SAFE_INTEGER });
  } finally {
    source.close();
  }
  restrictDatabaseFiles(options.target);
}
