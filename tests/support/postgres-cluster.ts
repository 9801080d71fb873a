// One throwaway PostgreSQL cluster per test file (started in beforeAll, removed in afterAll); a fresh database per call.
import { afterAll, beforeAll } from "vitest";
import { startThrowawayCluster, type ThrowawayCluster } from "@/scripts/postgres/throwaway-cluster";

export function withPostgresCluster(): { cluster: () => ThrowawayCluster; createDatabase: () => string } {
  let cluster: ThrowawayCluster | undefined;
  let count = 0;
  beforeAll(async () => {
    cluster = await startThrowawayCluster({ durable: false });
  });
  afterAll(() => cluster?.stop());
  const started = () => {
    if (!cluster) throw new Error("the PostgreSQL cluster is started in beforeAll");
    return cluster;
  };
  return {
    cluster: started,
    createDatabase: () => {
      count += 1;
      return started().createDatabase(`test_${count}`);
    },
  };
}
