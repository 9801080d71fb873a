// `npm run eval -- --provider P --model M [--runs N]` and `npm run eval -- --compare FILE…`: see run-eval-command.ts.
import { runEvalCommand } from "./run-eval-command";

try {
  process.exitCode = await runEvalCommand(process.argv.slice(2), {
    environment: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
} catch (error) {
  // Not a usage problem: a failure of the evaluation itself. One line, with the stack only when asked for.
  process.stderr.write(`npm run eval failed: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.argv.includes("--verbose") && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
