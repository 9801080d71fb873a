// Opens the SQLite database with the pragmas Palestra relies on, asserts them, and applies migrations.
import "server-only";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { createPrivateFile, restrictDatabaseFiles } from "../private-files";
import * as schema from "./schema";

export type AppDatabase = BetterSQLite3Database<typeof schema>;
export type DatabaseHandle = { sqlite: Database.Database; db: AppDatabase; path: string };

export const BUSY_TIMEOUT_MS = 5_000;
const migrationsFolder = path.join(process.cwd(), "drizzle", "sqlite");

/** Thrown when a connection does not hold the pragmas durability depends on. */
export class DatabasePragmaError extends Error {}

/** Sets WAL, synchronous=FULL, foreign keys and a busy timeout, then reads each back. */
export function applyPragmas(sqlite: Database.Database, options: { inMemory: boolean }): void {
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const expected: Record<string, unknown> = {
    journal_mode: options.inMemory ? "memory" : "wal",
    synchronous: 2,
    foreign_keys: 1,
    busy_timeout: BUSY_TIMEOUT_MS,
  };
  for (const [name, value] of Object.entries(expected)) {
    const actual = sqlite.pragma(name, { simple: true });
    if (actual !== value) throw new DatabasePragmaError(`PRAGMA ${name} is ${String(actual)}, expected ${String(value)}`);
  }
}

/** Opens (creating when needed) a database file or ":memory:", with pragmas asserted and migrations applied. */
export function openDatabase(file: string, options: { migrate?: boolean } = {}): DatabaseHandle {
  const inMemory = file === ":memory:";
  // "" is SQLite's private temporary database: no file of ours.
  const onDisk = !inMemory && file !== "";
  if (onDisk) createPrivateFile(file);
  const sqlite = new Database(file);
  applyPragmas(sqlite, { inMemory });
  // After WAL mode made the -wal and -shm: files from before this rule are made private too.
  if (onDisk) restrictDatabaseFiles(file);
  const db = drizzle(sqlite, { schema });
  if (options.migrate !== false) migrate(db, { migrationsFolder });
  return { sqlite, db, path: file };
}
