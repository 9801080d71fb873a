// Runs a command (an app server) with DATABASE_URL pointing at a throwaway PostgreSQL cluster, and removes the cluster
// when the command ends or this process is stopped. The E2E suite's PostgreSQL project serves the app this way:
//   tsx scripts/postgres/serve-on-throwaway-cluster.ts node scripts/serve.mjs -p 3100
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startThrowawayCluster } from "./throwaway-cluster";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: serve-on-throwaway-cluster.ts <command> [arguments...]");
  process.exit(2);
}
const cluster = await startThrowawayCluster({ durable: false });
console.log(`PostgreSQL cluster on port ${cluster.port} (${cluster.directory})`);
// Specs that hold a lock in the database the server uses (e2e/api/hold-postgres-saves.ts) read its URL here.
const urlFile = process.env.THROWAWAY_CLUSTER_URL_FILE;
if (urlFile) {
  fs.mkdirSync(path.dirname(urlFile), { recursive: true });
  fs.writeFileSync(urlFile, cluster.url);
}
const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: cluster.url } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
