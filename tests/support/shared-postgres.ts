// The test files' databases on the run's one PostgreSQL cluster (started by tests/support/postgres-global-setup.ts):
// empty, or copied from the migrated template in milliseconds (CREATE DATABASE ... TEMPLATE). Names are unique across
// the run's parallel forks.
import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The globalSetup's address that answers with the shared cluster, starting it on the first request. */
    postgresClusterBroker: string;
  }
}

export type SharedCluster = { url: string };

/** The database every migrated test database is copied from; nobody connects to it after its migration. */
export const MIGRATED_TEMPLATE = "migrated_template";

let shared: Promise<{ cluster: SharedCluster; admin: pg.Pool }> | undefined;

function connectToSharedCluster() {
  shared ??= (async () => {
    const response = await fetch(inject("postgresClusterBroker"));
    if (!response.ok) throw new Error(`the shared PostgreSQL cluster did not start: ${await response.text()}`);
    const cluster = (await response.json()) as SharedCluster;
    // Idle connections close, so the pool never keeps a fork alive.
    return { cluster, admin: new pg.Pool({ connectionString: cluster.url, max: 1, allowExitOnIdle: true }) };
  })();
  return shared;
}

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A new database on the shared cluster: migrated (from the template) or empty. Drop it once its connections are closed. */
export async function createTestDatabase(options: { migrated: boolean }): Promise<TestDatabase> {
  const { cluster, admin } = await connectToSharedCluster();
  const name = `test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}${options.migrated ? ` TEMPLATE ${MIGRATED_TEMPLATE}` : ""}`);
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => void (await admin.query(`DROP DATABASE ${name}`)) };
}
