// `npm run backup -- FILE` (scripts/operations/backup-commands.ts), on DATABASE_PATH.
import { getEnv } from "../../lib/env";
import { runBackupCommand } from "./backup-commands";
import { runCommand } from "./run-command";

await runCommand("backup", async () =>
  // DATABASE_URL (PostgreSQL) is read as given: the SQLite commands only need to know whether it is set.
  runBackupCommand(process.argv.slice(2), { databasePath: getEnv().DATABASE_PATH, databaseUrl: process.env.DATABASE_URL?.trim() || undefined }),
);
