// Starts `npm start`'s server (scripts/serve.mjs) on a free loopback port with the offline coach and a scratch database,
// for the HTTP figures.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type AppServer = { url: string; pid: number; readRssBytes: () => number; stop: () => Promise<void>; output: () => string };

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter((entry) => entry !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/** Resident memory of a process and every process it started (in case the server runs in a child). */
export function readProcessTreeRss(pid: number): number {
  let total = 0;
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("VmRSS:"));
    total += Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
  return total + childrenOf(pid).reduce((sum, child) => sum + readProcessTreeRss(child), 0);
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app server did not answer /api/health within ${timeoutMs} ms`);
}

/** The Node flags `npm start` gives the server (package.json), so the bench measures the server as people run it. */
export function startScriptNodeFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  if (words[0] !== "node" || !words.includes("scripts/serve.mjs")) throw new Error(`npm start is not "node [flags] scripts/serve.mjs": ${scripts.start}`);
  return words.slice(1, words.indexOf("scripts/serve.mjs"));
}

/** `nodeArguments` go to the server's Node itself, after `npm start`'s own flags (for profiling: `--cpu-prof` is refused in NODE_OPTIONS). */
export async function startAppServer(options: { directory: string; env?: Record<string, string>; nodeArguments?: string[] }): Promise<AppServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const serveScript = path.join(process.cwd(), "scripts", "serve.mjs");
  const child = spawn(
    process.execPath,
    [...startScriptNodeFlags(), ...(options.nodeArguments ?? []), serveScript, "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: process.cwd(),
      // Its own process group, so stopping it reaches anything it started and nothing else.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        DATABASE_PATH: path.join(options.directory, "palestra.db"),
        COACH_PROVIDER: "offline",
        BETTER_AUTH_URL: url,
        BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
        // The bench signs its users up from many X-Forwarded-For addresses, as clients behind a proxy would be.
        PALESTRA_TRUST_PROXY: "1",
        ...options.env,
      },
    },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error("the app server did not start");
  const stop = async () => {
    // Already gone (a drill's kill -9 ends it by a signal, which leaves exitCode null).
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    process.kill(-pid, "SIGTERM");
    const timer = setTimeout(() => child.exitCode === null && process.kill(-pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForReady(url, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { url, pid, readRssBytes: () => readProcessTreeRss(pid), stop, output: () => output };
}
