// The idempotent save on PostgreSQL across instances (one pool each) and through a proxy that cuts the connection
// before, during and after COMMIT: each cut classified as scale-out requires, never a second execution per key.
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openPostgresStore, type PostgresStore } from "@/db/postgres/create-postgres-store";
import { idempotencyRecord, measurement, user } from "@/db/postgres/schema";
import type { IdempotentSaveRequest } from "@/lib/store";
import { startCuttingProxy, type CutAction, type CuttingProxy } from "@/scripts/drills/support/cutting-proxy";
import { withPostgresDatabases } from "@/tests/support/postgres-databases";

const postgres = withPostgresDatabases();
const opened: PostgresStore[] = [];
const proxies: CuttingProxy[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const proxy of proxies.splice(0)) await proxy.close();
});

async function openStore(url: string, options: { commitTimeoutMs?: number; migrate?: boolean } = {}): Promise<PostgresStore> {
  const store = await openPostgresStore({ url, poolSize: 4, commitTimeoutMs: options.commitTimeoutMs ?? 5_000, migrate: options.migrate });
  opened.push(store);
  return store;
}

/** A fresh database with one user, and `count` stores on it: the instances. */
async function instances(count: number): Promise<{ url: string; stores: PostgresStore[] }> {
  const url = await postgres.createDatabase();
  const first = await openStore(url);
  await first.handle.db.insert(user).values({ id: "u1", name: "Ada", email: "ada@example.test" });
  const stores = [first];
  for (let index = 1; index < count; index += 1) stores.push(await openStore(url, { migrate: false }));
  return { url, stores };
}

function saveRequest(options: { key: string; date?: string; weightKg: number }): IdempotentSaveRequest<string> {
  const { key, date = "2026-03-01", weightKg } = options;
  return {
    userId: "u1",
    key,
    operation: "save_measurement",
    fingerprint: `weight=${weightKg}`,
    date,
    decide: (stored) =>
      stored
        ? {
            change: { kind: "update", id: stored.id, values: { weightKg }, at: new Date() },
            outcome: { isError: false, content: `updated to ${weightKg}` },
            value: "updated",
          }
        : {
            change: { kind: "insert", values: { weightKg }, note: null, at: new Date() },
            outcome: { isError: false, content: `created ${weightKg}` },
            value: "created",
          },
  };
}

async function storedRows(store: PostgresStore) {
  return {
    measurements: await store.handle.db.select({ date: measurement.date, weightKg: measurement.weightKg }).from(measurement),
    records: await store.handle.db.select({ key: idempotencyRecord.key, outcome: idempotencyRecord.outcome }).from(idempotencyRecord),
  };
}

describe("saveIdempotent on PostgreSQL", () => {
  it("commits the change with its record, and a second save of the key is raced with the recorded outcome", async () => {
    const { stores } = await instances(1);
    const [store] = stores as [PostgresStore];
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }))).toEqual({ status: "committed", value: "created" });
    const again = await store.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }));
    expect(again).toMatchObject({ status: "raced", record: { key: "k1", isError: false, outcome: "created 80", fingerprint: "weight=80" } });
    expect(await storedRows(store)).toEqual({ measurements: [{ date: "2026-03-01", weightKg: 80 }], records: [{ key: "k1", outcome: "created 80" }] });
  });

  it("executes one save when three instances get the same key at once", async () => {
    const { stores } = await instances(3);
    const results = await Promise.all(stores.map((store) => store.measurements.saveIdempotent(saveRequest({ key: "same", weightKg: 81 }))));
    expect(results.filter((result) => result.status === "committed")).toHaveLength(1);
    expect(results.filter((result) => result.status === "raced")).toHaveLength(2);
    expect(await storedRows(stores[0] as PostgresStore)).toEqual({
      measurements: [{ date: "2026-03-01", weightKg: 81 }],
      records: [{ key: "same", outcome: "created 81" }],
    });
  });

  it("serializes different keys for one date across instances: one row, each key with its own outcome, no error", async () => {
    const { stores } = await instances(3);
    const results = await Promise.all(stores.map((store, index) => store.measurements.saveIdempotent(saveRequest({ key: `k${index}`, weightKg: 80 }))));
    expect(results.map((result) => result.status).sort()).toEqual(["committed", "committed", "committed"]);
    expect(results.filter((result) => result.status === "committed" && result.value === "created")).toHaveLength(1);
    const rows = await storedRows(stores[0] as PostgresStore);
    expect(rows.measurements).toEqual([{ date: "2026-03-01", weightKg: 80 }]);
    expect(rows.records).toHaveLength(3);
  });

  it("rolls a new date's insert back with the key's record when another request completes the key after the look-up", async () => {
    const { url, stores } = await instances(1);
    const [store] = stores as [PostgresStore];
    // Another request's record of the key, not yet committed: the save's locked look-up sees no row and goes on, and
    // its statement that inserts the date and records the key waits for this one.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query(
        "INSERT INTO idempotency_record (user_id, key, operation, fingerprint, is_error, outcome) VALUES ('u1', 'k1', 'save_measurement', 'other', false, 'other')",
      );
      const saving = store.measurements.saveIdempotent(saveRequest({ key: "k1", date: "2026-03-02", weightKg: 80 }));
      await waitForLockWait(other);
      await other.query("COMMIT");
      expect(await saving).toMatchObject({ status: "raced", record: { key: "k1", fingerprint: "other", outcome: "other" } });
    } finally {
      await other.end();
    }
    expect(await storedRows(store)).toEqual({ measurements: [], records: [{ key: "k1", outcome: "other" }] });
  });
});

/** Resolves once some statement of this database waits on a lock (polling, at most 5 s); other files share the server. */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const answer = await client.query("SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
    if ((answer.rows[0] as { waiting: number }).waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no statement waited on a lock within 5 s");
}

describe("IdempotencyStore.claim on PostgreSQL", () => {
  it("answers in_flight on another instance while the claim holds, and frees the key when released without an outcome", async () => {
    const { stores } = await instances(2);
    const [first, second] = stores as [PostgresStore, PostgresStore];
    const claim = await first.idempotency.claim({ userId: "u1", key: "k1", holdMs: 10_000 });
    expect(claim.status).toBe("claimed");
    const duplicate = await second.idempotency.claim({ userId: "u1", key: "k1", holdMs: 10_000 });
    expect(duplicate.status).toBe("in_flight");
    // Within the first half of the hold the holder is still running its save: retry in a second.
    expect(duplicate.status === "in_flight" && duplicate.retryAfterSeconds).toBe(1);
    expect(await second.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
    if (claim.status === "claimed") await claim.release();
    expect((await second.idempotency.claim({ userId: "u1", key: "k1", holdMs: 10_000 })).status).toBe("claimed");
  });

  it("keeps the outcome a claimed save committed when the claim is released", async () => {
    const { stores } = await instances(1);
    const [store] = stores as [PostgresStore];
    const claim = await store.idempotency.claim({ userId: "u1", key: "k1", holdMs: 10_000 });
    expect(await store.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }))).toEqual({ status: "committed", value: "created" });
    if (claim.status === "claimed") await claim.release();
    expect(await store.idempotency.find({ userId: "u1", key: "k1" })).toMatchObject({ outcome: "created 80", isError: false });
  });

  it("tells a duplicate to wait until the claim can be taken over once the holder is past its own deadline", async () => {
    const { stores } = await instances(2);
    const [first, second] = stores as [PostgresStore, PostgresStore];
    expect((await first.idempotency.claim({ userId: "u1", key: "k1", holdMs: 6_000 })).status).toBe("claimed");
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    // At most 2.9 s of the hold are left: the answer names them, not the one-second first retry.
    const duplicate = await second.idempotency.claim({ userId: "u1", key: "k1", holdMs: 6_000 });
    expect(duplicate.status).toBe("in_flight");
    const retryAfterSeconds = duplicate.status === "in_flight" ? duplicate.retryAfterSeconds : 0;
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(2);
    expect(retryAfterSeconds).toBeLessThanOrEqual(3);
  });

  it("lets a retry take over a claim past its deadline with no outcome, and the stale holder's release leaves the new claim", async () => {
    const { stores } = await instances(2);
    const [first, second] = stores as [PostgresStore, PostgresStore];
    const stale = await first.idempotency.claim({ userId: "u1", key: "k1", holdMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const takeover = await second.idempotency.claim({ userId: "u1", key: "k1", holdMs: 10_000 });
    expect(takeover.status).toBe("claimed");
    if (stale.status === "claimed") await stale.release();
    expect((await first.idempotency.claim({ userId: "u1", key: "k1", holdMs: 10_000 })).status).toBe("in_flight");
  });
});

/** A store that reaches the database through a cutting proxy, and one that reaches it directly to look. */
async function behindProxy(options: { commitTimeoutMs?: number } = {}) {
  const { url, stores } = await instances(1);
  const direct = stores[0] as PostgresStore;
  const target = new URL(url);
  const proxy = await startCuttingProxy({ targetPort: Number(target.port) });
  proxies.push(proxy);
  target.port = String(proxy.port);
  const proxied = await openStore(target.toString(), { migrate: false, commitTimeoutMs: options.commitTimeoutMs });
  return { direct, proxied, proxy };
}

const isCommit = (statement: string) => statement.trim().toUpperCase() === "COMMIT";
/** The statement that writes the key's record: alone, or after a new date's insert in its WITH (one statement for both). */
const isRecordWrite = (statement: string) => /^(with change as \(insert into "?measurement"? .*\)\s*)?insert into "?idempotency_record"? /is.test(statement);

describe("a connection cut around COMMIT", () => {
  const cases: { name: string; match: (statement: string) => boolean; action: CutAction; status: string; phase: string; stored: boolean }[] = [
    { name: "before COMMIT is sent", match: isRecordWrite, action: "swallow", status: "failed", phase: "body", stored: false },
    { name: "while COMMIT is in flight, never delivered", match: isCommit, action: "swallow", status: "uncertain", phase: "commit", stored: false },
    { name: "while COMMIT is in flight, run but unanswered", match: isCommit, action: "drop_answer", status: "uncertain", phase: "commit", stored: true },
    { name: "after COMMIT was answered", match: isCommit, action: "cut_after_answer", status: "committed", phase: "", stored: true },
  ];
  for (const cut of cases) {
    it(`is classified ${cut.status} ${cut.name}, and resolving by the key executes the save once`, async () => {
      const { direct, proxied, proxy } = await behindProxy();
      proxy.arm({ match: cut.match, action: cut.action });
      const result = await proxied.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }));
      await proxy.fired();
      expect(result.status).toBe(cut.status);
      if (cut.phase) expect(result).toMatchObject({ phase: cut.phase });
      expect(Boolean(await direct.idempotency.find({ userId: "u1", key: "k1" }))).toBe(cut.stored);
      // The resolution: the same key again, through the proxy (whose pool reconnects).
      const retry = await proxied.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }));
      expect(retry.status).toBe(cut.stored ? "raced" : "committed");
      expect(await storedRows(direct)).toEqual({ measurements: [{ date: "2026-03-01", weightKg: 80 }], records: [{ key: "k1", outcome: "created 80" }] });
    });
  }

  it("is classified failed before COMMIT when the cut statement is a named one the connection already prepared", async () => {
    const { direct, proxied, proxy } = await behindProxy();
    // One connection at a time, so the second save binds the statements the first one parsed (no Parse goes out again).
    for (const date of ["2026-02-01", "2026-02-02"]) {
      expect((await proxied.measurements.saveIdempotent(saveRequest({ key: `k-${date}`, date, weightKg: 79 }))).status).toBe("committed");
    }
    proxy.arm({ match: isRecordWrite, action: "swallow" });
    const result = await proxied.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }));
    await proxy.fired();
    expect(result).toMatchObject({ status: "failed", phase: "body" });
    expect(await direct.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
    expect((await direct.measurements.findByDate({ userId: "u1", date: "2026-03-01" })) ?? null).toBeNull();
  });

  it("runs on a fresh connection when the pooled one died while idle (nothing of the transaction was sent)", async () => {
    const { direct, proxied, proxy } = await behindProxy();
    expect((await proxied.measurements.saveIdempotent(saveRequest({ key: "k0", weightKg: 79 }))).status).toBe("committed");
    // The pool keeps that connection idle; cut it and save in the same turn of the event loop, before the client can
    // have noticed: the pool hands out the dead connection and BEGIN fails on it.
    proxy.cutOpenConnections();
    const result = await proxied.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }));
    expect(result.status).toBe("committed");
    expect(await direct.idempotency.find({ userId: "u1", key: "k1" })).toMatchObject({ key: "k1" });
  });

  it("is uncertain when COMMIT gets no answer within the deadline, and nothing is stored", async () => {
    const { direct, proxied, proxy } = await behindProxy({ commitTimeoutMs: 300 });
    proxy.arm({ match: isCommit, action: "hold" });
    const started = performance.now();
    const result = await proxied.measurements.saveIdempotent(saveRequest({ key: "k1", weightKg: 80 }));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result).toMatchObject({ status: "uncertain", phase: "commit" });
    expect(await direct.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
  });
});
