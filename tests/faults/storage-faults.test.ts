// QA storage faults on each adapter (a SQLite file, a PostgreSQL database): each mode does what lib/faults/fault-modes.ts says, per user, with exact count semantics.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { armFaultInputSchema, faultModes, SLOW_FAULT_DELAY_MS, targetsByMode } from "@/lib/faults/fault-modes";
import { armFault, clearFaults, listFaults } from "@/lib/faults/manage-faults";
import { InjectedWriteError, LostAcknowledgementError, TransientStorageError } from "@/lib/faults/storage-errors";
import { createStorageFaults, noStorageFaults } from "@/lib/faults/storage-faults";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
const userA = "user-a";
const userB = "user-b";

const faultsOf = (userId: string, enabled = true) => createStorageFaults({ store: database.store, userId, enabled });
const arm = (userId: string, input: Parameters<typeof armFault>[0]["input"]) => armFault({ store: database.store, userId, input });
const input: SaveMeasurementInput = { date: "2026-03-04", values: { weight_kg: 77.4 } };

function save(options: { userId?: string; key?: string; signal?: AbortSignal; enabled?: boolean } = {}) {
  const userId = options.userId ?? userA;
  return saveMeasurement({
    store: database.store,
    userId,
    idempotencyKey: options.key ?? "key-1",
    input,
    traceId: "trc_faults",
    locale: "en",
    faults: faultsOf(userId, options.enabled ?? true),
    signal: options.signal,
  });
}

async function stored() {
  const { inspection } = database.store;
  return { measurements: await inspection.countRows({ table: "measurement" }), records: await inspection.countRows({ table: "idempotency_record" }) };
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    await createTestUser(database.store, { id: userA });
    await createTestUser(database.store, { id: userB });
  });
  afterEach(() => database.close());

  describe("read faults", () => {
    beforeEach(async () => {
      expect((await saveMeasurement({ store: database.store, userId: userA, idempotencyKey: "seed", input, traceId: "t", locale: "en" })).status).toBe(
        "executed",
      );
    });

    it("transient with count 1 fails one read attempt, then reads work and the fault is gone", async () => {
      await arm(userA, { target: "read", mode: "transient", count: 1 });
      const faults = faultsOf(userA);
      await expect(getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults })).rejects.toBeInstanceOf(TransientStorageError);
      expect(await listFaults({ store: database.store, userId: userA })).toEqual([]);
      const record = await getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults });
      expect(record?.values).toEqual({ weight_kg: 77.4 });
    });

    it("transient armed without a count fails exactly the first read attempt, then works: it is not unavailable", async () => {
      // The arming request as the API and the /qa form parse it: no count.
      const armed = await arm(userA, armFaultInputSchema.parse({ target: "read", mode: "transient" }));
      expect(armed).toMatchObject({ target: "read", mode: "transient", remaining: 1 });
      const faults = faultsOf(userA);
      await expect(getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults })).rejects.toBeInstanceOf(TransientStorageError);
      expect(await listFaults({ store: database.store, userId: userA })).toEqual([]);
      expect((await getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults }))?.values).toEqual({ weight_kg: 77.4 });
    });

    it("transient keeps an explicit count: 3 fails three read attempts, then works", async () => {
      expect(await arm(userA, armFaultInputSchema.parse({ target: "read", mode: "transient", count: 3 }))).toMatchObject({ remaining: 3 });
      const faults = faultsOf(userA);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await expect(getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults })).rejects.toBeInstanceOf(TransientStorageError);
      }
      expect(await getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults })).not.toBeNull();
    });

    it("unavailable fails every attempt until cleared", async () => {
      const armed = await arm(userA, { target: "read", mode: "unavailable" });
      const faults = faultsOf(userA);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expect(getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults })).rejects.toBeInstanceOf(TransientStorageError);
      }
      expect(await listFaults({ store: database.store, userId: userA })).toMatchObject([{ id: armed.id, mode: "unavailable", remaining: null }]);
      expect(await clearFaults({ store: database.store, userId: userA })).toBe(1);
      expect(await getMeasurementByDate({ store: database.store, userId: userA, date: "2026-03-04", faults })).not.toBeNull();
    });

    it("does not affect another user's reads", async () => {
      await arm(userA, { target: "read", mode: "unavailable" });
      expect(await getMeasurementByDate({ store: database.store, userId: userB, date: "2026-03-04", faults: faultsOf(userB) })).toBeNull();
    });
  });

  describe("write faults", () => {
    it("fail_before_commit: write_failed inside the body, nothing stored, and a retry with the key executes", async () => {
      await arm(userA, { target: "write", mode: "fail_before_commit", count: 1 });
      const result = await save();
      expect(result).toMatchObject({ status: "write_failed", phase: "body" });
      expect(result.status === "write_failed" && result.error).toBeInstanceOf(InjectedWriteError);
      expect(result.outcome.content).toMatchObject({ error: "write_failed", recovery: "stop_turn", recoverable: false, details: { date: "2026-03-04" } });
      expect(await stored()).toEqual({ measurements: 0, records: 0 });
      expect((await save()).status).toBe("executed");
      expect(await stored()).toEqual({ measurements: 1, records: 1 });
    });

    it("lost_ack: outcome_unknown after COMMIT, the record and its idempotency record ARE stored, the key then replays", async () => {
      await arm(userA, { target: "write", mode: "lost_ack", count: 1 });
      const result = await save();
      expect(result).toMatchObject({ status: "outcome_unknown", phase: "after_commit" });
      expect(result.status === "outcome_unknown" && result.error).toBeInstanceOf(LostAcknowledgementError);
      expect(result.outcome.content).toEqual({
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "outcome_unknown",
        message:
          "Saving the measurement for 2026-03-04 could not be confirmed: it may or may not have been stored. It was not repeated, to avoid a duplicate. Check it later by its idempotency key key-1 or by reading 2026-03-04.",
        recovery: "stop_turn",
        recoverable: false,
        details: { date: "2026-03-04", idempotency_key: "key-1" },
        trace_id: "trc_faults",
      });
      expect(await stored()).toEqual({ measurements: 1, records: 1 });
      const retry = await save();
      expect(retry.status).toBe("replayed");
      expect(retry.serialized).toBe(JSON.stringify({ date: "2026-03-04", values: { weight_kg: 77.4 }, created: true, idempotency_key: "key-1" }));
      expect(await stored()).toEqual({ measurements: 1, records: 1 });
    });

    it("timeout: beginWrite hangs until the signal aborts, and the save then stores nothing", async () => {
      await arm(userA, { target: "write", mode: "timeout", count: 1 });
      const controller = new AbortController();
      const pending = save({ signal: controller.signal });
      const settled = await Promise.race([pending.then(() => "settled"), new Promise((resolve) => setTimeout(() => resolve("hanging"), 200))]);
      expect(settled).toBe("hanging");
      controller.abort(new Error("tool deadline"));
      const result = await pending;
      // The hang is before BEGIN, so the domain knows nothing was written; the harness's deadline decides what the model is told.
      expect(result).toMatchObject({ status: "write_failed", phase: "before_begin" });
      expect(await stored()).toEqual({ measurements: 0, records: 0 });
    });

    it("timeout: the hang itself ends only with the signal", async () => {
      await arm(userA, { target: "write", mode: "timeout" });
      const controller = new AbortController();
      const reason = new Error("deadline");
      const begin = faultsOf(userA).beginWrite(controller.signal);
      const early = await Promise.race([
        begin.then(
          () => "resolved",
          () => "rejected",
        ),
        new Promise((resolve) => setTimeout(() => resolve("hanging"), 100)),
      ]);
      expect(early).toBe("hanging");
      controller.abort(reason);
      await expect(begin).rejects.toBe(reason);
    });

    it(`slow: adds at least ${SLOW_FAULT_DELAY_MS} ms and still succeeds`, async () => {
      await arm(userA, { target: "write", mode: "slow", count: 1 });
      const started = performance.now();
      const result = await save();
      expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_FAULT_DELAY_MS - 5);
      expect(result.status).toBe("executed");
      expect(await stored()).toEqual({ measurements: 1, records: 1 });
    });

    it("is per user: another user's save is unaffected by an armed fault", async () => {
      await arm(userA, { target: "write", mode: "fail_before_commit" });
      expect((await save({ userId: userB })).status).toBe("executed");
      expect((await save({ userId: userA })).status).toBe("write_failed");
      expect(await listFaults({ store: database.store, userId: userB })).toEqual([]);
      expect(await listFaults({ store: database.store, userId: userA })).toHaveLength(1);
    });

    it("is ignored when fault injection is disabled, and the armed fault is left untouched", async () => {
      await arm(userA, { target: "write", mode: "fail_before_commit", count: 2 });
      expect(createStorageFaults({ store: database.store, userId: userA, enabled: false })).toBe(noStorageFaults);
      expect((await save({ enabled: false })).status).toBe("executed");
      expect(await listFaults({ store: database.store, userId: userA })).toMatchObject([{ mode: "fail_before_commit", remaining: 2 }]);
    });
  });

  describe("count semantics", () => {
    it("count N affects exactly N attempts, then the fault row is gone", async () => {
      await arm(userA, { target: "write", mode: "fail_before_commit", count: 3 });
      const remaining: (number | null)[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await save()).status).toBe("write_failed");
        remaining.push((await listFaults({ store: database.store, userId: userA }))[0]?.remaining ?? null);
      }
      expect(remaining).toEqual([2, 1, null]);
      expect(await listFaults({ store: database.store, userId: userA })).toEqual([]);
      expect((await save()).status).toBe("executed");
    });

    it("without a count only transient defaults to 1 attempt; every other mode lasts until cleared", async () => {
      const remaining: Record<string, number | null> = {};
      for (const mode of faultModes) remaining[mode] = (await arm(userA, armFaultInputSchema.parse({ target: targetsByMode[mode][0], mode }))).remaining;
      expect(remaining).toEqual({ transient: 1, unavailable: null, fail_before_commit: null, lost_ack: null, timeout: null, slow: null });
    });

    it("no count affects every attempt until cleared", async () => {
      const armed = await arm(userA, { target: "write", mode: "fail_before_commit" });
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await save()).status).toBe("write_failed");
      expect(await listFaults({ store: database.store, userId: userA })).toMatchObject([{ id: armed.id, remaining: null }]);
      expect(await clearFaults({ store: database.store, userId: userA, id: armed.id })).toBe(1);
      expect((await save()).status).toBe("executed");
    });

    it("a replayed key is not a storage attempt and does not consume a fault", async () => {
      expect((await save()).status).toBe("executed");
      await arm(userA, { target: "write", mode: "fail_before_commit", count: 1 });
      expect((await save()).status).toBe("replayed");
      expect(await listFaults({ store: database.store, userId: userA })).toMatchObject([{ remaining: 1 }]);
    });

    it("never clears another user's fault by id", async () => {
      const armed = await arm(userA, { target: "write", mode: "lost_ack" });
      expect(await clearFaults({ store: database.store, userId: userB, id: armed.id })).toBe(0);
      expect(await listFaults({ store: database.store, userId: userA })).toHaveLength(1);
    });

    it("refuses a mode on a target it does not apply to", async () => {
      expect(armFaultInputSchema.safeParse({ target: "write", mode: "transient" }).success).toBe(false);
      expect(armFaultInputSchema.safeParse({ target: "read", mode: "lost_ack" }).success).toBe(false);
      expect(armFaultInputSchema.safeParse({ target: "read", mode: "slow", count: 0 }).success).toBe(false);
      expect(armFaultInputSchema.safeParse({ target: "write", mode: "slow", count: 2 }).success).toBe(true);
    });
  });
});
