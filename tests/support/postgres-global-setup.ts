// Vitest's globalSetup: one throwaway PostgreSQL cluster for the whole run, with a migrated template database, from
// which the test files make their own databases (tests/support/shared-postgres.ts). It starts on the first file that
// asks, so a run of SQLite files starts none, and is removed when the run ends, failed or not.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { migratePostgres } from "@/db/postgres/client";
import { startThrowawayCluster, type ThrowawayCluster } from "@/scripts/postgres/throwaway-cluster";
import { MIGRATED_TEMPLATE, type SharedCluster } from "./shared-postgres";

async function startSharedCluster(): Promise<ThrowawayCluster> {
  // Two forks at a time, each with a few pools of up to four connections (and postgres-save's three instances).
  const cluster = await startThrowawayCluster({ durable: false, maxConnections: 200 });
  try {
    await migratePostgres(cluster.createDatabase(MIGRATED_TEMPLATE));
    return cluster;
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: Promise<ThrowawayCluster> | undefined;
  // The forks ask this process for the cluster over HTTP: provide() values are fixed before any file runs.
  const server = http.createServer((_request, response) => {
    cluster ??= startSharedCluster();
    cluster.then(
      ({ url }) => response.end(JSON.stringify({ url } satisfies SharedCluster)),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("postgresClusterBroker", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.close();
    // A cluster that failed to start removed itself.
    (await cluster?.catch(() => undefined))?.stop();
  };
}
