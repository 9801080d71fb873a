// `npm run backup -- FILE` and `npm run restore -- FILE` (product.md, "Operating an instance"): the argument checks,
// the PostgreSQL hand-off, and the operator's messages around db/sqlite-backup.ts.
import fs from "node:fs";
import { openDatabase } from "../../db/sqlite/open-database";
import { backupDatabaseFile, checkDatabaseFile, copyBackupOver, DatabaseFileError, isDatabaseInUse } from "../../db/sqlite/sqlite-backup";
import type { CommandAnswer } from "../../lib/operations/run-admin-command";

type CommandEnvironment = { databasePath: string; databaseUrl?: string; now?: Date };

const misused = (usage: string, message: string): CommandAnswer => ({ exitCode: 2, stdout: [], stderr: [message, usage] });
const refused = (message: string): CommandAnswer => ({ exitCode: 1, stdout: [], stderr: [message] });
const BACKUP_USAGE = "Usage: npm run backup -- FILE   (a new file: the copy of DATABASE_PATH)";
const RESTORE_USAGE = "Usage: npm run restore -- FILE  (a backup made by npm run backup; the server must be stopped)";

function singleFile(argv: readonly string[], usage: string): { file: string } | CommandAnswer {
  const [file, ...rest] = argv;
  if (!file || file.startsWith("-")) return misused(usage, "Name the backup FILE.");
  if (rest.length > 0) return misused(usage, `Unexpected arguments: ${rest.join(" ")}.`);
  return { file };
}

export async function runBackupCommand(argv: readonly string[], environment: CommandEnvironment): Promise<CommandAnswer> {
  const parsed = singleFile(argv, BACKUP_USAGE);
  if ("exitCode" in parsed) return parsed;
  if (environment.databaseUrl) {
    return {
      exitCode: 0,
      stdout: [
        "DATABASE_URL is set: the data is in PostgreSQL, which backs itself up consistently while it runs. Use:",
        `  pg_dump --format=custom --file='${parsed.file}' "$DATABASE_URL"`,
        'and to restore into an empty database: pg_restore --no-owner --dbname="$DATABASE_URL" FILE',
      ],
      stderr: [],
    };
  }
  try {
    const check = await backupDatabaseFile({ source: environment.databasePath, destination: parsed.file });
    return { exitCode: 0, stdout: [`Backed up ${environment.databasePath} to ${parsed.file}: ${check.bytes} bytes, integrity_check ok.`], stderr: [] };
  } catch (error) {
    if (error instanceof DatabaseFileError) return refused(error.message);
    throw error;
  }
}

const DATABASE_SIDE_FILES = ["", "-wal", "-shm", "-journal"];

export async function runRestoreCommand(argv: readonly string[], environment: CommandEnvironment): Promise<CommandAnswer> {
  const parsed = singleFile(argv, RESTORE_USAGE);
  if ("exitCode" in parsed) return parsed;
  if (environment.databaseUrl) {
    return refused(`DATABASE_URL is set: restore PostgreSQL with pg_restore --no-owner --dbname="$DATABASE_URL" '${parsed.file}' into an empty database.`);
  }
  const target = environment.databasePath;
  if (isDatabaseInUse(target)) return refused(`A running Palestra (or another program) has ${target} open. Stop the server, then restore.`);
  let check;
  try {
    check = checkDatabaseFile(parsed.file);
  } catch (error) {
    if (error instanceof DatabaseFileError) return refused(`Nothing was restored: ${error.message}`);
    throw error;
  }
  const stamp = (environment.now ?? new Date()).toISOString().replaceAll(":", "-");
  const keptAs = `${target}.before-restore-${stamp}`;
  const existed = fs.existsSync(target);
  // Kept as they were (database, WAL and all): nothing of the replaced database is lost by a restore.
  for (const suffix of DATABASE_SIDE_FILES) if (fs.existsSync(`${target}${suffix}`)) fs.renameSync(`${target}${suffix}`, `${keptAs}${suffix}`);
  await copyBackupOver({ backup: parsed.file, target });
  const handle = openDatabase(target);
  const integrity = handle.sqlite.pragma("integrity_check", { simple: true });
  handle.sqlite.close();
  if (integrity !== "ok") return refused(`The restored database failed integrity_check (${String(integrity)}); the previous one is at ${keptAs}.`);
  return {
    exitCode: 0,
    stdout: [
      `Restored ${parsed.file} to ${target}: ${check.bytes} bytes, integrity_check ok.`,
      check.migrations.pending.length > 0 ? `Applied migrations: ${check.migrations.pending.join(", ")}.` : "Its migrations were current.",
      ...(existed ? [`The database it replaced is kept at ${keptAs}.`] : []),
    ],
    stderr: [],
  };
}
