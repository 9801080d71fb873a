// Starts a bundled drill script as a separate Node process speaking JSON lines, and waits for its "ready".
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readJsonLines } from "./line-protocol";

export type Worker = {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code or signal once the process is gone and its output has been read to the end. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function spawnWorker(options: { bundle: string; arguments: string[]; onMessage: (message: Record<string, unknown>) => void }): Worker {
  const child = spawn(process.execPath, [options.bundle, ...options.arguments], { cwd: process.cwd(), stdio: ["pipe", "pipe", "pipe"] });
  let errorText = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errorText = (errorText + chunk.toString()).slice(-4_000);
  });
  // A killed child closes its stdin pipe; writing to it afterwards must not crash the drill.
  child.stdin.on("error", () => {});
  readJsonLines(child.stdout, options.onMessage);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // "close", not "exit": an acknowledgement written just before a SIGKILL is still in the pipe when "exit" fires.
    child.on("close", (code, signal) => {
      if (code !== 0 && code !== null && errorText) process.stderr.write(`worker ${child.pid} exited ${code}: ${errorText}\n`);
      resolve({ code, signal });
    });
  });
  return { child, exited };
}
