// The negative control of the in-flight rule: the same check as the held rounds, run on three store instances over
// one PostgreSQL, once with the claims in the database and once with a registry kept in each process's memory (what
// one SQLite process does). The check must pass the first and catch the second.
import { InFlightRequests } from "@/db/sqlite/in-flight-requests";
import { openPostgresStore, type PostgresStore } from "@/db/postgres/create-postgres-store";
import { startThrowawayCluster } from "@/scripts/postgres/throwaway-cluster";
import { createTestUser } from "@/tests/support/create-test-user";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { checkHeldDuplicates } from "./check-same-key-round";

type Claimer = (key: string) => Promise<boolean>;

async function duplicatesWhileHeld(claimers: Claimer[], rounds: number): Promise<string[]> {
  const problems: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const key = `control-${round}`;
    const [first, ...others] = claimers as [Claimer, ...Claimer[]];
    if (!(await first(key))) problems.push(`round ${round}: the first request could not claim its key`);
    const duplicates = await Promise.all(
      others.map(async (claim) => ((await claim(key)) ? { status: 201, inFlight: false } : { status: 409, inFlight: true })),
    );
    problems.push(...checkHeldDuplicates(duplicates).map((problem) => `round ${round}: ${problem}`));
  }
  return problems;
}

export async function runInFlightControl(options: { rounds: number }): Promise<DrillReport> {
  const started = performance.now();
  const checker = createTargetChecker();
  const cluster = await startThrowawayCluster({ durable: false });
  const stores: PostgresStore[] = [];
  try {
    for (let index = 0; index < 3; index += 1) {
      stores.push(await openPostgresStore({ url: cluster.url, poolSize: 2, commitTimeoutMs: 5_000, migrate: index === 0 }));
    }
    const [firstStore] = stores;
    if (!firstStore) throw new Error("the control opened no store");
    await createTestUser(firstStore, { id: "control-user", name: "Control" });
    const inDatabase = stores.map(
      (store): Claimer =>
        async (key) =>
          (await store.idempotency.claim({ userId: "control-user", key, holdMs: 60_000 })).status === "claimed",
    );
    const registries = stores.map(() => new InFlightRequests());
    const inProcessMemory = registries.map(
      (registry): Claimer =>
        async (key) =>
          registry.claim("control-user", key) !== null,
    );
    const databaseProblems = await duplicatesWhileHeld(inDatabase, options.rounds);
    const memoryProblems = await duplicatesWhileHeld(inProcessMemory, options.rounds);
    checker.expect(databaseProblems.length === 0, `claims in the database: ${databaseProblems.slice(0, 3).join("; ")}`);
    checker.expect(memoryProblems.length > 0, "the check did not catch the in-process registry");
    return {
      name: "scale-out-control-in-process-registry",
      passed: checker.failures.length === 0,
      figures: {
        rounds: options.rounds,
        violations_with_database_claims: databaseProblems.length,
        violations_caught_with_process_registry: memoryProblems.length,
      },
      failures: checker.failures,
      durationMs: performance.now() - started,
    };
  } finally {
    for (const store of stores) await store.close();
    cluster.stop();
  }
}
