// A PostgreSQL cluster of its own for one test run, drill or bench: initdb in a temporary directory, a free port, its
// socket in that directory; stopped and removed by stop(), on exit, and by a watchdog if this process is killed.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type ThrowawayCluster = {
  /** postgres://palestra@127.0.0.1:PORT/palestra */
  url: string;
  port: number;
  directory: string;
  /** Another database on the same server (the bench's raw inserts, a test's own schema). */
  createDatabase: (name: string) => string;
  stop: () => void;
};

const ROLE = "palestra";
const DATABASE = "palestra";

/** Thrown when no PostgreSQL server binaries are installed (Debian's `postgresql` package). */
export class PostgresNotInstalledError extends Error {}

/** The newest /usr/lib/postgresql/N/bin, or PG_BIN_DIR. */
export function findPostgresBinaries(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && fs.existsSync(path.join(fromEnv, "initdb"))) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new PostgresNotInstalledError("no PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join(root, newest, "bin");
}

export function isPostgresInstalled(): boolean {
  try {
    findPostgresBinaries();
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to and runs as the `postgres` user. */
function serverUser(): { uid: number; gid: number; name: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) throw new PostgresNotInstalledError("running as root and there is no `postgres` user to run the server as");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid), name: "postgres" };
}

async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and creates the `palestra` database. `durable: false` turns fsync off, for tests that measure
 * behaviour and not speed; the bench keeps the defaults.
 */
export async function startThrowawayCluster(options: { durable?: boolean; maxConnections?: number } = {}): Promise<ThrowawayCluster> {
  const bin = findPostgresBinaries();
  const owner = serverUser();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-pg-"));
  if (owner) fs.chownSync(directory, owner.uid, owner.gid);
  const data = path.join(directory, "data");
  const run = (program: string, args: string[]) =>
    execFileSync(path.join(bin, program), args, {
      cwd: directory,
      stdio: "pipe",
      uid: owner?.uid,
      gid: owner?.gid,
      env: { ...process.env, LC_ALL: "C.UTF-8" },
    });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (fs.existsSync(path.join(data, "postmaster.pid"))) run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
    } catch {
      // Already gone; the directory is removed all the same.
    }
    fs.rmSync(directory, { recursive: true, force: true });
    process.off("exit", stop);
  };
  process.on("exit", stop);
  try {
    run("initdb", ["-D", data, "-U", ROLE, "--auth=trust", "--encoding=UTF8", "--no-sync", "--no-instructions"]);
    const port = await findFreePort();
    const settings = [
      `-p ${port}`,
      `-k ${directory}`,
      "-c listen_addresses=127.0.0.1",
      `-c max_connections=${options.maxConnections ?? 100}`,
      ...(options.durable === false ? ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"] : []),
    ];
    run("pg_ctl", ["start", "-D", data, "-w", "-t", "60", "-l", path.join(directory, "server.log"), "-o", settings.join(" ")]);
    watchForParentDeath({ bin, data, directory, owner });
    run("createdb", ["-h", directory, "-p", String(port), "-U", ROLE, DATABASE]);
    const urlOf = (name: string) => `postgres://${ROLE}@127.0.0.1:${port}/${name}`;
    return {
      url: urlOf(DATABASE),
      port,
      directory,
      createDatabase: (name) => {
        run("createdb", ["-h", directory, "-p", String(port), "-U", ROLE, name]);
        return urlOf(name);
      },
      stop,
    };
  } catch (error) {
    const log = path.join(directory, "server.log");
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, "utf8").slice(-2_000)}` : "";
    stop();
    if (error instanceof Error) error.message += detail;
    throw error;
  }
}

/** A SIGKILLed test runner runs no exit handler: a detached shell stops the server once this process is gone. */
function watchForParentDeath(options: { bin: string; data: string; directory: string; owner?: { name: string } }): void {
  const pgCtl = `${options.bin}/pg_ctl stop -D '${options.data}' -m immediate`;
  const stopCommand = options.owner ? `runuser -u ${options.owner.name} -- ${pgCtl}` : pgCtl;
  const script = `while kill -0 ${process.pid} 2>/dev/null && [ -d '${options.data}' ]; do sleep 1; done; if [ -f '${options.data}/postmaster.pid' ]; then ${stopCommand} >/dev/null 2>&1; fi; rm -rf '${options.directory}'`;
  const watchdog = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  watchdog.unref();
}
