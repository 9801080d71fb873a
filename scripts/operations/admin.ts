// `npm run admin -- users list|create|reset-password|disable|enable|delete|make-admin`, on DATABASE_PATH (also while
// the server runs: WAL lets both write, each in its own short transaction).
import fs from "node:fs";
import { getEnv } from "../../lib/env";
import { runAdminCommand } from "../../lib/operations/run-admin-command";
import { runCommand } from "./run-command";

await runCommand("admin", async () => {
  const { DATABASE_PATH } = getEnv();
  if (DATABASE_PATH !== ":memory:" && !fs.existsSync(DATABASE_PATH)) {
    return {
      exitCode: 1,
      stdout: [],
      stderr: [`No database at ${DATABASE_PATH} (DATABASE_PATH). Start Palestra once, or set DATABASE_PATH to the instance's database.`],
    };
  }
  return runAdminCommand(process.argv.slice(2));
});
