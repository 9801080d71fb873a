// Runs an operator command: prints its answer, exits with its code, and turns any failure into one line (never a stack).
import { EnvError } from "../../lib/env";
import type { CommandAnswer } from "../../lib/operations/run-admin-command";

export async function runCommand(name: string, command: () => Promise<CommandAnswer>): Promise<never> {
  let answer: CommandAnswer;
  try {
    answer = await command();
  } catch (error) {
    const message = error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error);
    answer = { exitCode: 1, stdout: [], stderr: [`${name} failed: ${message}`] };
  }
  for (const line of answer.stdout) process.stdout.write(`${line}\n`);
  for (const line of answer.stderr) process.stderr.write(`${line}\n`);
  process.exit(answer.exitCode);
}
