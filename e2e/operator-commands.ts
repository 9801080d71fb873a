// Runs an operator command (npm run admin / backup / restore) as a person would, against a database of choice.
import { execFile } from "node:child_process";
import { servers } from "./servers";

export type CommandResult = { exitCode: number; stdout: string; stderr: string };

export function runOperatorCommand(script: "admin" | "backup" | "restore", args: string[], options: { databasePath?: string } = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", `scripts/operations/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_PATH: options.databasePath ?? servers.appDatabasePath, NODE_ENV: "production" }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ exitCode: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The one-time password a users create / reset-password printed. */
export function oneTimePasswordOf(result: CommandResult): string {
  const match = /One-time password for \S+: (\S+)/.exec(result.stdout);
  if (!match?.[1]) throw new Error(`no one-time password in: ${result.stdout}${result.stderr}`);
  return match[1];
}
