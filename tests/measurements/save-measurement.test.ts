// The idempotent save on each adapter (a SQLite file, a PostgreSQL database): replays byte for byte, refuses a reused key, detects conflicts, leaves nothing on a throw.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { fingerprintOf } from "@/lib/measurements/fingerprint";
import { SAVE_OPERATION, saveMeasurement, savePayloadOf, type SaveMeasurementOptions } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import type { SqliteStore } from "@/db/sqlite/create-sqlite-store";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
let userId: string;

function save(idempotencyKey: string, input: SaveMeasurementInput, extra: Partial<SaveMeasurementOptions> = {}) {
  return saveMeasurement({ store: database.store, userId, idempotencyKey, input, traceId: "trc_test", locale: "en", ...extra });
}

/** Everything the save can change, to compare before and after. */
async function snapshot() {
  const { inspection } = database.store;
  return { measurements: await inspection.measurements(), records: await inspection.idempotencyRecords() };
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    userId = await createTestUser(database.store, { id: "user-a" });
  });
  afterEach(() => database.close());

  describe("saveMeasurement", () => {
    it("executes a first save, creates the record and records the outcome under the key", async () => {
      const input = { date: "2026-03-04", values: { weight_kg: 77.4 }, note: "morning" };
      const result = await save("key-1", input);
      expect(result.status).toBe("executed");
      const content = { date: "2026-03-04", values: { weight_kg: 77.4 }, created: true, idempotency_key: "key-1" };
      expect(result.outcome).toEqual({ isError: false, content });
      expect(result.serialized).toBe(JSON.stringify(content));
      const { measurements, records } = await snapshot();
      expect(measurements).toHaveLength(1);
      expect(measurements[0]).toMatchObject({ userId, date: "2026-03-04", weightKg: 77.4, note: "morning", waistCm: null });
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        userId,
        key: "key-1",
        operation: SAVE_OPERATION,
        fingerprint: fingerprintOf(SAVE_OPERATION, savePayloadOf(input)),
        isError: false,
        outcome: result.serialized,
      });
    });

    it("replays the same key and payload byte for byte without executing again", async () => {
      const input = { date: "2026-03-04", values: { weight_kg: 77.4 } };
      const first = await save("key-1", input);
      const before = await snapshot();
      // Another trace and language: the replay is the stored bytes, not a new rendering.
      const replay = await save("key-1", { ...input }, { traceId: "trc_other", locale: "pt" });
      expect(replay.status).toBe("replayed");
      expect(replay.serialized).toBe(first.serialized);
      expect(replay.outcome).toEqual(first.outcome);
      expect(await snapshot()).toEqual(before);
    });

    it("refuses the same key with another payload as idempotency_key_reused and changes nothing", async () => {
      await save("key-1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
      const before = await snapshot();
      for (const other of [
        { date: "2026-03-04", values: { weight_kg: 77.5 } },
        { date: "2026-03-05", values: { weight_kg: 77.4 } },
        { date: "2026-03-04", values: { weight_kg: 77.4 }, note: "added" },
        { date: "2026-03-04", values: { weight_kg: 77.4 }, replace: true },
      ]) {
        const result = await save("key-1", other, { traceId: "trc_reuse" });
        expect(result.status).toBe("key_reused");
        expect(result.outcome.isError).toBe(true);
        expect(result.outcome.content).toEqual({
          kind: "tool_error",
          version: 1,
          is_error: true,
          error: "idempotency_key_reused",
          message: "This idempotency key was already used with different arguments. Nothing was executed.",
          recovery: "stop_turn",
          recoverable: false,
          details: { idempotency_key: "key-1" },
          trace_id: "trc_reuse",
        });
        expect(result.serialized).toBe(JSON.stringify(result.outcome.content));
      }
      expect(await snapshot()).toEqual(before);
    });

    it("treats an absent note and replace: false as the payload they default to", async () => {
      const first = await save("key-1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
      const replay = await save("key-1", { date: "2026-03-04", values: { weight_kg: 77.4 }, replace: false });
      expect(replay.status).toBe("replayed");
      expect(replay.serialized).toBe(first.serialized);
    });

    it("scopes keys per user: another user's same key is a new save", async () => {
      await save("key-1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
      const other = await createTestUser(database.store, { id: "user-b" });
      const result = await save("key-1", { date: "2026-03-04", values: { weight_kg: 90 } }, { userId: other });
      expect(result.status).toBe("executed");
      expect((await snapshot()).measurements.map((row) => [row.userId, row.weightKg])).toEqual([
        [userId, 77.4],
        [other, 90],
      ]);
    });

    describe("against a stored value", () => {
      beforeEach(async () => {
        const stored = await save("stored", { date: "2026-03-04", values: { weight_kg: 77, waist_cm: 82 } });
        expect(stored.status).toBe("executed");
      });

      it("refuses a different value without replace as a conflict naming the stored value, and writes nothing", async () => {
        const before = await snapshot();
        const result = await save("key-2", { date: "2026-03-04", values: { weight_kg: 78, waist_cm: 82 } }, { traceId: "trc_conflict" });
        expect(result.status).toBe("executed");
        expect(result.outcome.content).toEqual({
          kind: "tool_error",
          version: 1,
          is_error: true,
          error: "conflict",
          message: toolErrorMessages.en.conflict({ date: "2026-03-04", stored: { weight_kg: 77 }, proposed: { weight_kg: 78 } }),
          recovery: "correct_arguments",
          recoverable: true,
          details: { date: "2026-03-04", fields: ["weight_kg"], stored: { weight_kg: 77 }, proposed: { weight_kg: 78 } },
          trace_id: "trc_conflict",
        });
        expect(result.outcome.content.message).toBe(
          '2026-03-04 already holds weight_kg 77; saving weight_kg 78 would overwrite it. Nothing was written. Ask the user, then call again with "replace": true to overwrite.',
        );
        const after = await snapshot();
        expect(after.measurements).toEqual(before.measurements);
        // The conflict is the call's outcome: it is recorded under the key and replayed as the same error.
        expect(after.records).toHaveLength(2);
        expect(after.records[1]).toMatchObject({ key: "key-2", isError: true, outcome: result.serialized });
        const replay = await save("key-2", { date: "2026-03-04", values: { weight_kg: 78, waist_cm: 82 } });
        expect(replay).toMatchObject({ status: "replayed", serialized: result.serialized, outcome: { isError: true } });
      });

      it("does not call an equal value a conflict and reports created: false without touching the row", async () => {
        const before = await snapshot();
        const result = await save("key-2", { date: "2026-03-04", values: { weight_kg: 77 } });
        expect(result.outcome).toEqual({
          isError: false,
          content: {
            date: "2026-03-04",
            values: { weight_kg: 77, waist_cm: 82 },
            created: false,
            previous: { weight_kg: 77, waist_cm: 82 },
            idempotency_key: "key-2",
          },
        });
        expect((await snapshot()).measurements).toEqual(before.measurements);
      });

      it("overwrites with replace: true", async () => {
        const result = await save("key-2", { date: "2026-03-04", values: { weight_kg: 78 }, replace: true });
        expect(result.outcome).toEqual({
          isError: false,
          content: {
            date: "2026-03-04",
            values: { weight_kg: 78, waist_cm: 82 },
            created: false,
            previous: { weight_kg: 77, waist_cm: 82 },
            idempotency_key: "key-2",
          },
        });
        const [row] = (await snapshot()).measurements;
        expect(row).toMatchObject({ weightKg: 78, waistCm: 82 });
      });

      it("merges new fields with the stored ones", async () => {
        const result = await save("key-2", { date: "2026-03-04", values: { height_cm: 178 }, note: "tape" });
        expect(result.outcome.content).toEqual({
          date: "2026-03-04",
          values: { weight_kg: 77, waist_cm: 82, height_cm: 178 },
          created: false,
          previous: { weight_kg: 77, waist_cm: 82 },
          idempotency_key: "key-2",
        });
        expect((await snapshot()).measurements).toHaveLength(1);
        expect((await snapshot()).measurements[0]).toMatchObject({ weightKg: 77, waistCm: 82, heightCm: 178, note: "tape" });
      });
    });

    describe("a throw inside the transaction", () => {
      const writeFailed = {
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "write_failed",
        message: "The measurement for 2026-03-04 was not saved: the storage refused the write, so nothing was changed. It is safe to try again later.",
        recovery: "stop_turn",
        recoverable: false,
        details: { date: "2026-03-04" },
        trace_id: "trc_test",
      };

      it("leaves no measurement and no idempotency record when the body fails before its statements", async () => {
        const result = await save(
          "key-1",
          { date: "2026-03-04", values: { weight_kg: 77.4 } },
          {
            hooks: {
              beforeBody: () => {
                throw new Error("boom");
              },
            },
          },
        );
        expect(result).toMatchObject({ status: "write_failed", phase: "body" });
        expect(result.outcome.content).toEqual(writeFailed);
        expect(await snapshot()).toEqual({ measurements: [], records: [] });
      });

      it("rolls back the measurement and the record written before a throw late in the body", async () => {
        const result = await save(
          "key-1",
          { date: "2026-03-04", values: { weight_kg: 77.4 } },
          {
            alsoWrite: () => {
              throw new Error("the tool-call row could not be written");
            },
          },
        );
        expect(result).toMatchObject({ status: "write_failed", phase: "body" });
        expect(result.outcome.content).toEqual(writeFailed);
        expect(await snapshot()).toEqual({ measurements: [], records: [] });
        // SQLite: no transaction is left open on the connection (PostgreSQL returns its client to the pool).
        if (database.store.dialect === "sqlite") expect((database.store as SqliteStore).handle.sqlite.inTransaction).toBe(false);
        // Nothing was recorded, so the key is free: the same call now executes.
        const retry = await save("key-1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
        expect(retry.status).toBe("executed");
      });
    });
  });
});
