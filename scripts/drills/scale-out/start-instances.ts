// Several `npm start` instances on one throwaway PostgreSQL cluster, the way scale-out runs them: the same
// DATABASE_URL and BETTER_AUTH_SECRET everywhere, behind one public address (nginx's, when there is one).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "@/scripts/bench/start-app-server";
import { startThrowawayCluster, type ThrowawayCluster } from "@/scripts/postgres/throwaway-cluster";

export type Instances = {
  cluster: ThrowawayCluster;
  servers: AppServer[];
  /** Starts one more instance on the same database (after a kill, or behind a proxy with its own DATABASE_URL). */
  startInstance: (env?: Record<string, string>) => Promise<AppServer>;
  stop: () => Promise<void>;
};

export async function startInstances(options: { count: number; publicUrl?: string; env?: Record<string, string>; durable?: boolean }): Promise<Instances> {
  const cluster = await startThrowawayCluster({ durable: options.durable ?? true });
  // Each instance's scratch folder only holds what the app writes beside a database file (none on PostgreSQL).
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-instances-"));
  const secret = crypto.randomBytes(32).toString("base64url");
  const servers: AppServer[] = [];
  const startInstance = async (env: Record<string, string> = {}) => {
    const server = await startAppServer({
      directory,
      env: {
        DATABASE_URL: cluster.url,
        BETTER_AUTH_SECRET: secret,
        PALESTRA_TRUST_PROXY: "1",
        ...(options.publicUrl ? { BETTER_AUTH_URL: options.publicUrl } : {}),
        ...options.env,
        ...env,
      },
    });
    servers.push(server);
    return server;
  };
  try {
    // Started together, as a deployment would: the advisory lock lets one of them apply the migrations.
    await Promise.all(Array.from({ length: options.count }, () => startInstance()));
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    cluster.stop();
    throw error;
  }
  return {
    cluster,
    servers,
    startInstance,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      cluster.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
