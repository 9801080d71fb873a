// The chat quota on PostgreSQL, where instances share it: an admitted use is committed at once, so another instance's
// admission sees it (scale-out.md §3: nothing the contract relies on lives in one process).
import { afterEach, describe, expect, it } from "vitest";
import { migratePostgres } from "@/db/postgres/client";
import { createPostgresStore, type PostgresStore } from "@/db/postgres/create-postgres-store";
import { withPostgresDatabases } from "@/tests/support/postgres-databases";

const postgres = withPostgresDatabases();
const WINDOW_MS = 60_000;
const NOW = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW_MS) + 1_000;

describe("the chat quota on PostgreSQL", () => {
  const stores: PostgresStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  async function twoInstances(): Promise<[PostgresStore, PostgresStore]> {
    const url = await postgres.createDatabase();
    await migratePostgres(url);
    // Two pools on one database: two instances.
    const first = createPostgresStore({ url, poolSize: 2, commitTimeoutMs: 5_000 });
    const second = createPostgresStore({ url, poolSize: 2, commitTimeoutMs: 5_000 });
    stores.push(first, second);
    return [first, second];
  }

  const admit = (store: PostgresStore) => store.quotas.admit({ key: "chat:u1", limit: 2, windowMs: WINDOW_MS, now: NOW });

  it("refuses on a second instance once the first has admitted the limit", async () => {
    const [a, b] = await twoInstances();
    expect(await admit(a)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await admit(a)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await admit(b)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it("shares the last slot between instances admitting at the same moment: exactly the limit is admitted", async () => {
    const [a, b] = await twoInstances();
    const decisions = await Promise.all([admit(a), admit(b), admit(a), admit(b), admit(a), admit(b)]);
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(2);
  });
});
