// The keyed write's first round trip on PostgreSQL runs statements each pooled connection prepared once (PREPARE, then
// EXECUTE inside BEGIN's simple query), so the server does not parse and plan them on every save. Prepared statements
// live as long as their connection: they must outlast a failed transaction and be prepared again on a new connection.
import { afterEach, describe, expect, it } from "vitest";
import { openPostgresStore, type PostgresStore } from "@/db/postgres/create-postgres-store";
import { user } from "@/db/postgres/schema";
import type { IdempotentSaveRequest } from "@/lib/store";
import { startCuttingProxy, type CuttingProxy } from "@/scripts/drills/support/cutting-proxy";
import { withPostgresDatabases } from "@/tests/support/postgres-databases";

const postgres = withPostgresDatabases();
const opened: PostgresStore[] = [];
const proxies: CuttingProxy[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const proxy of proxies.splice(0)) await proxy.close();
});

/** A store with one pooled connection: every save, and every query the test sends through its pool, uses it. */
async function openOneConnectionStore(options: { throughProxy?: boolean } = {}) {
  const url = await postgres.createDatabase();
  const direct = await openPostgresStore({ url, poolSize: 1, commitTimeoutMs: 5_000 });
  opened.push(direct);
  await direct.handle.db.insert(user).values({ id: "u1", name: "Ada", email: "ada@example.test" });
  if (!options.throughProxy) return { store: direct, proxy: undefined };
  const target = new URL(url);
  const proxy = await startCuttingProxy({ targetPort: Number(target.port) });
  proxies.push(proxy);
  target.port = String(proxy.port);
  const store = await openPostgresStore({ url: target.toString(), poolSize: 1, commitTimeoutMs: 5_000, migrate: false });
  opened.push(store);
  return { store, proxy };
}

function saveRequest(options: { key: string; date: string; weightKg: number }): IdempotentSaveRequest<string> {
  const { key, date, weightKg } = options;
  return {
    userId: "u1",
    key,
    operation: "save_measurement",
    fingerprint: `weight=${weightKg}`,
    date,
    decide: () => ({
      change: { kind: "insert", values: { weightKg }, note: null, at: new Date() },
      outcome: { isError: false, content: `created ${weightKg}` },
      value: "created",
    }),
  };
}

type PreparedRow = { name: string; executions: number; preparedAt: string; backend: number };

/** The palestra_* statements the pool's one connection has prepared, with how often each ran (custom + generic plans). */
async function preparedStatements(store: PostgresStore): Promise<PreparedRow[]> {
  const answer = await store.handle.pool.query<PreparedRow>(
    `SELECT name, (generic_plans + custom_plans)::int AS executions, prepare_time::text AS "preparedAt", pg_backend_pid() AS backend
     FROM pg_prepared_statements WHERE name LIKE 'palestra\\_%' ORDER BY name`,
  );
  return answer.rows;
}

const saveStatements = ["palestra_advisory_lock", "palestra_key_for_update", "palestra_measurement_by_date"];

describe("the keyed write's prepared statements on PostgreSQL", () => {
  it("are prepared once per connection and run by name on every save after", async () => {
    const { store } = await openOneConnectionStore();
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k1", date: "2026-03-01", weightKg: 80 }))).toEqual({
      status: "committed",
      value: "created",
    });
    const first = await preparedStatements(store);
    expect(first.map((row) => [row.name, row.executions])).toEqual(saveStatements.map((name) => [name, 1]));
    for (const date of ["2026-03-02", "2026-03-03"]) {
      expect((await store.measurements.saveIdempotent(saveRequest({ key: `k-${date}`, date, weightKg: 80 }))).status).toBe("committed");
    }
    const after = await preparedStatements(store);
    expect(after.map((row) => [row.name, row.executions])).toEqual(saveStatements.map((name) => [name, 3]));
    // Prepared when the connection was first used, not again.
    expect(after.map((row) => [row.backend, row.preparedAt])).toEqual(first.map((row) => [row.backend, row.preparedAt]));
  });

  it("outlast a statement error mid-transaction: the next save on the same connection commits", async () => {
    const { store } = await openOneConnectionStore();
    expect((await store.measurements.saveIdempotent(saveRequest({ key: "k1", date: "2026-03-01", weightKg: 80 }))).status).toBe("committed");
    const before = await preparedStatements(store);
    // 1,000 kg breaks the weight's CHECK: the insert (with the key's record, a named statement) fails inside the
    // transaction, which is rolled back on the same connection.
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k2", date: "2026-03-02", weightKg: 1_000 }))).toMatchObject({
      status: "failed",
      phase: "body",
    });
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k3", date: "2026-03-03", weightKg: 81 }))).toEqual({
      status: "committed",
      value: "created",
    });
    const after = await preparedStatements(store);
    expect(after.map((row) => [row.backend, row.preparedAt])).toEqual(before.map((row) => [row.backend, row.preparedAt]));
    expect(after.map((row) => row.executions)).toEqual([3, 3, 3]);
    expect(await store.idempotency.find({ userId: "u1", key: "k2" })).toBeUndefined();
  });

  it("are prepared again on the connection that replaces a dead one", async () => {
    const { store, proxy } = await openOneConnectionStore({ throughProxy: true });
    expect((await store.measurements.saveIdempotent(saveRequest({ key: "k1", date: "2026-03-01", weightKg: 80 }))).status).toBe("committed");
    const [old] = await preparedStatements(store);
    proxy?.cutOpenConnections();
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k2", date: "2026-03-02", weightKg: 80 }))).toEqual({
      status: "committed",
      value: "created",
    });
    const renewed = await preparedStatements(store);
    expect(renewed.map((row) => [row.name, row.executions])).toEqual(saveStatements.map((name) => [name, 1]));
    expect(renewed[0]?.backend).not.toBe(old?.backend);
  });

  it("run a save on a fresh connection when its connection lost them (nothing of the save was sent)", async () => {
    const { store } = await openOneConnectionStore();
    expect((await store.measurements.saveIdempotent(saveRequest({ key: "k1", date: "2026-03-01", weightKg: 80 }))).status).toBe("committed");
    // Something else on the session dropped one: EXECUTE fails before the save ran anything.
    await store.handle.pool.query("DEALLOCATE palestra_key_for_update");
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k2", date: "2026-03-02", weightKg: 80 }))).toEqual({
      status: "committed",
      value: "created",
    });
    expect((await preparedStatements(store)).map((row) => [row.name, row.executions])).toEqual(saveStatements.map((name) => [name, 1]));
  });
});
