// A save made while the turn writer's thread runs joins that thread's transactions (SQLite on a file): the event loop
// does not wait for the lock or the disk, the save and the turns commit together, and a key taken or a row
// changed between the save's read and the thread's transaction is decided again, never written over.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore, type SqliteStore } from "@/db/sqlite/create-sqlite-store";
import { sharedWriteLockOf, type SharedWriteLock } from "@/db/sqlite/shared-write-lock";
import { turnWriterOf } from "@/db/sqlite/turn-writer";
import { failureOfThreadWrite } from "@/db/sqlite/keyed-write-on-thread";
import { saveMeasurement, type SaveMeasurementOptions } from "@/lib/measurements/save-measurement";
import { readWalCommitCount } from "@/scripts/bench/count-wal-commits";
import { createTestUser } from "../support/create-test-user";
import { turnRows } from "./rows";

let directory: string;
let store: SqliteStore;
let lock: SharedWriteLock;
beforeEach(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-keyed-thread-"));
  store = openSqliteStore(path.join(directory, "store.db"));
  await createTestUser(store, { id: "u1" });
  // The writer (and its lock) exist once the connection has written a turn through it.
  await store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c0", turnId: "t0" }));
  const shared = sharedWriteLockOf(store.handle.sqlite);
  if (!shared) throw new Error("expected the connection to share a write lock with its turn writer");
  lock = shared;
});
afterEach(async () => {
  await store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const save = (options: Partial<SaveMeasurementOptions> & { idempotencyKey: string; weight: number; userId?: string }) =>
  saveMeasurement({
    store,
    userId: options.userId ?? "u1",
    idempotencyKey: options.idempotencyKey,
    input: { date: "2026-12-01", values: { weight_kg: options.weight } },
    traceId: "trc_test",
    locale: "en",
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });

/** Holds the thread back with the shared lock while a turn's write waits on it: the writer has a write in flight. */
function holdTheThread(): { release: () => void; turnWritten: Promise<void> } {
  expect(lock.acquire()).toBe(true);
  const turnWritten = store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }));
  return { release: () => lock.release(), turnWritten };
}

/** Whether `promise` settles within 100 ms (the event loop running meanwhile). */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  return settled;
}

const storedWeights = () => store.handle.sqlite.prepare("select weight_kg from measurement where date = '2026-12-01'").pluck().all();
const storedKeys = () => store.handle.sqlite.prepare("select key, is_error from idempotency_record order by key").raw().all();

describe("a keyed write on the turn writer's thread", () => {
  it("joins the thread's transaction while it commits: one commit for the turn and the save, the event loop free meanwhile", async () => {
    store.handle.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const held = holdTheThread();
    const saving = save({ idempotencyKey: "k1", weight: 80 });
    // On this connection the save would have run at once (the lock is this thread's own); it waits on the thread's.
    expect(await settlesSoon(saving)).toBe(false);
    held.release();
    const [result] = await Promise.all([saving, held.turnWritten]);
    expect(result).toMatchObject({ status: "executed", outcome: { isError: false, content: { created: true, values: { weight_kg: 80 } } } });
    expect(readWalCommitCount(path.join(directory, "store.db"))).toBe(1);
    expect(storedWeights()).toEqual([80]);
    expect(storedKeys()).toEqual([["k1", 0]]);
  });

  it("updates a stored record on the thread: the value added, the stored one kept", async () => {
    await save({ idempotencyKey: "k0", weight: 80 });
    const held = holdTheThread();
    const saving = saveMeasurement({
      store,
      userId: "u1",
      idempotencyKey: "k1",
      input: { date: "2026-12-01", values: { waist_cm: 90 } },
      traceId: "trc_test",
      locale: "en",
    });
    expect(await settlesSoon(saving)).toBe(false);
    held.release();
    const result = await saving;
    await held.turnWritten;
    expect(result).toMatchObject({ status: "executed", outcome: { content: { created: false, values: { weight_kg: 80, waist_cm: 90 } } } });
    expect(store.handle.sqlite.prepare("select weight_kg, waist_cm from measurement").raw().all()).toEqual([[80, 90]]);
  });

  it("goes to the thread whenever it runs, with no turn in flight", async () => {
    expect(lock.acquire()).toBe(true);
    const saving = save({ idempotencyKey: "k1", weight: 80 });
    expect(await settlesSoon(saving)).toBe(false);
    lock.release();
    expect(await saving).toMatchObject({ status: "executed" });
    expect(storedWeights()).toEqual([80]);
  });

  it("commits on this connection, starting no thread, in a process that has written no turn", async () => {
    const fresh = openSqliteStore(path.join(directory, "fresh.db"));
    try {
      await createTestUser(fresh, { id: "u1" });
      const result = await saveMeasurement({
        store: fresh,
        userId: "u1",
        idempotencyKey: "k1",
        input: { date: "2026-12-01", values: { weight_kg: 80 } },
        traceId: "trc_test",
        locale: "en",
      });
      expect(result).toMatchObject({ status: "executed" });
      expect(turnWriterOf(fresh.handle)?.isRunning()).toBe(false);
      expect(fresh.handle.sqlite.prepare("select weight_kg from measurement").pluck().all()).toEqual([80]);
    } finally {
      await fresh.close();
    }
  });

  it("commits on this connection when the write carries drill hooks, busy thread or not", async () => {
    const held = holdTheThread();
    try {
      expect(await settlesSoon(save({ idempotencyKey: "k1", weight: 80, hooks: {} }))).toBe(true);
    } finally {
      held.release();
    }
    await held.turnWritten;
    expect(storedWeights()).toEqual([80]);
  });

  it("decides again when the row it read changed before the thread's transaction: a conflict, not an overwrite", async () => {
    const held = holdTheThread();
    const saving = save({ idempotencyKey: "k1", weight: 80 });
    expect(await settlesSoon(saving)).toBe(false);
    // Another write lands on the date after the save read it (none) and before the thread runs the save.
    store.handle.sqlite.prepare("insert into measurement (user_id, date, weight_kg, created_at, updated_at) values ('u1', '2026-12-01', 81, 0, 0)").run();
    held.release();
    const result = await saving;
    await held.turnWritten;
    expect(result).toMatchObject({
      status: "executed",
      outcome: { isError: true, content: { error: "conflict", details: { stored: { weight_kg: 81 }, proposed: { weight_kg: 80 } } } },
    });
    expect(storedWeights()).toEqual([81]);
    expect(storedKeys()).toEqual([["k1", 1]]);
  });

  it("writes nothing when its key was taken meanwhile: the key's own record answers", async () => {
    const held = holdTheThread();
    const saving = save({ idempotencyKey: "k1", weight: 80 });
    expect(await settlesSoon(saving)).toBe(false);
    store.handle.sqlite
      .prepare(
        "insert into idempotency_record (user_id, key, operation, fingerprint, is_error, outcome) values ('u1', 'k1', 'save_measurement', 'another payload', 0, '{}')",
      )
      .run();
    held.release();
    const result = await saving;
    await held.turnWritten;
    expect(result).toMatchObject({ status: "key_reused", outcome: { isError: true, content: { error: "idempotency_key_reused" } } });
    expect(storedWeights()).toEqual([]);
  });

  it("is write_failed, with nothing of it stored, when its rows fail on the thread", async () => {
    const held = holdTheThread();
    const saving = save({ idempotencyKey: "k1", weight: 80, userId: "nobody" });
    expect(await settlesSoon(saving)).toBe(false);
    held.release();
    const result = await saving;
    await held.turnWritten;
    expect(result).toMatchObject({ status: "write_failed", phase: "body", outcome: { isError: true, content: { error: "write_failed" } } });
    expect(storedWeights()).toEqual([]);
    expect(storedKeys()).toEqual([]);
    // The turn that shared the transaction kept its rows.
    expect(store.handle.sqlite.prepare("select id from turn order by id").pluck().all()).toEqual(["t0", "t1"]);
  });

  it("reports a failure at BEGIN or in its rows as certainly not written, and one at COMMIT or a lost thread as uncertain", () => {
    const failedAt = (phase?: string) => Object.assign(new Error(`failed at ${phase ?? "nothing"}`), phase ? { phase } : {});
    expect(failureOfThreadWrite(failedAt("begin"))).toMatchObject({ status: "failed", phase: "begin" });
    expect(failureOfThreadWrite(failedAt("body"))).toMatchObject({ status: "failed", phase: "body" });
    expect(failureOfThreadWrite(failedAt("commit"))).toMatchObject({ status: "uncertain", phase: "commit" });
    // The turn writer's rejection when its thread stops before answering carries no phase.
    expect(failureOfThreadWrite(failedAt())).toMatchObject({ status: "uncertain", phase: "commit" });
    expect(failureOfThreadWrite(failedAt("elsewhere"))).toMatchObject({ status: "uncertain", phase: "commit" });
  });
});
