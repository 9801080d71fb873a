// `npm run restore -- FILE` (scripts/operations/backup-commands.ts), on DATABASE_PATH.
import { getEnv } from "../../lib/env";
import { runRestoreCommand } from "./backup-commands";
import { runCommand } from "./run-command";

await runCommand("restore", async () =>
  // DATABASE_URL (PostgreSQL) is read as given: the SQLite commands only need to know whether it is set.
  runRestoreCommand(process.argv.slice(2), { databasePath: getEnv().DATABASE_PATH, databaseUrl: process.env.DATABASE_URL?.trim() || undefined }),
);
