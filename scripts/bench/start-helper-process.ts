// Starts a helper server of the bench (the fake provider, the bare relay) as a Node child in its own process group,
// so it has its own event loop and CPU share, and stopping it reaches anything it started and nothing else.
import { spawn } from "node:child_process";

export type HelperProcess = { pid: number; output: () => string; stop: () => Promise<void> };

export async function startHelperProcess(options: {
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** Polled every 100 ms until it answers true (or the process exits, or `timeoutMs` passes). */
  ready: (output: string) => boolean | Promise<boolean>;
  timeoutMs?: number;
}): Promise<HelperProcess> {
  const child = spawn(process.execPath, options.args, {
    cwd: process.cwd(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...options.env },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} did not start`);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    process.kill(-pid, "SIGTERM");
    const timer = setTimeout(() => child.exitCode === null && process.kill(-pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode}:\n${output}`);
    if (await Promise.resolve(options.ready(output)).catch(() => false)) return { pid, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${options.name} was not ready within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
}
