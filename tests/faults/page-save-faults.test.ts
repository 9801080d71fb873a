// The /measurements page's saves under the user's QA storage faults: each mode reaches the form as the state
// the QA faults promise, and a retry with the same key never stores twice.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { savePageMeasurement, type SavePageMeasurementOptions } from "@/app/measurements/save-page-measurement";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { armFault, listFaults } from "@/lib/faults/manage-faults";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import type { ArmFaultInput } from "@/lib/faults/fault-modes";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
const userId = "user-a";
const date = "2020-03-04";

const arm = (input: ArmFaultInput) => armFault({ store: database.store, userId, input });

/** A save as the page sends it, with the faults of the user (QA enabled) created per request, as the action does. */
function save(options: Partial<SavePageMeasurementOptions["scope"]> & Partial<Omit<SavePageMeasurementOptions, "scope">> = {}) {
  const { idempotencyKey = "key-1", input = { date, values: { weight_kg: 77.4 } }, clearFields = [], ...scope } = options;
  return savePageMeasurement({
    scope: {
      store: database.store,
      userId,
      locale: "en",
      traceId: "trc_page",
      faults: createStorageFaults({ store: database.store, userId, enabled: true }),
      toolTimeoutMs: 5_000,
      ...scope,
    },
    idempotencyKey,
    input,
    clearFields,
  });
}

async function stored() {
  const { inspection } = database.store;
  return {
    measurements: (await inspection.measurements()).map((row) => ({ date: row.date, weightKg: row.weightKg, waistCm: row.waistCm })),
    keys: (await inspection.idempotencyRecords()).map((row) => row.key),
  };
}

const outcomeUnknown = {
  status: "failed",
  code: "outcome_unknown",
  message: toolErrorMessages.en.outcomeUnknown({ date, idempotencyKey: "key-1" }),
  keepKey: true,
  date,
};

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    await createTestUser(database.store, { id: userId });
  });
  afterEach(() => database.close());

  describe("page saves under QA write faults", () => {
    it("fail_before_commit: the form shows write_failed, keeps its key, nothing is stored; the retry then saves once", async () => {
      await arm({ target: "write", mode: "fail_before_commit", count: 1 });
      expect(await save()).toEqual({ status: "failed", code: "write_failed", message: toolErrorMessages.en.writeFailed({ date }), keepKey: true, date });
      expect(await stored()).toEqual({ measurements: [], keys: [] });
      expect(await save()).toEqual({ status: "saved", date, created: true });
      expect(await stored()).toEqual({ measurements: [{ date, weightKg: 77.4, waistCm: null }], keys: ["key-1"] });
    });

    it("lost_ack: the form shows outcome_unknown although the record IS stored; the retry with the key replays, no duplicate", async () => {
      await arm({ target: "write", mode: "lost_ack", count: 1 });
      expect(await save()).toEqual(outcomeUnknown);
      const afterLoss = await stored();
      expect(afterLoss).toEqual({ measurements: [{ date, weightKg: 77.4, waistCm: null }], keys: ["key-1"] });
      expect(await save()).toEqual({ status: "saved", date, created: true });
      expect(await stored()).toEqual(afterLoss);
    });

    it("lost_ack on an edit that clears a field: the retry with the same key and fields replays instead of being refused", async () => {
      expect(await save({ idempotencyKey: "seed", input: { date, values: { weight_kg: 79, waist_cm: 85 } } })).toMatchObject({ status: "saved" });
      await arm({ target: "write", mode: "lost_ack", count: 1 });
      const edit = { input: { date, values: { weight_kg: 79 }, note: "", replace: true }, clearFields: ["waist_cm" as const] };
      expect(await save(edit)).toEqual(outcomeUnknown);
      expect((await stored()).measurements).toEqual([{ date, weightKg: 79, waistCm: null }]);
      expect(await save(edit)).toEqual({ status: "saved", date, created: false });
      expect(await stored()).toEqual({ measurements: [{ date, weightKg: 79, waistCm: null }], keys: ["seed", "key-1"] });
    });

    it("timeout: past the deadline the form shows outcome_unknown; nothing began, so the retry with the key saves once", async () => {
      await arm({ target: "write", mode: "timeout", count: 1 });
      const startedAt = Date.now();
      expect(await save({ toolTimeoutMs: 150 })).toEqual(outcomeUnknown);
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(await stored()).toEqual({ measurements: [], keys: [] });
      expect(await listFaults({ store: database.store, userId })).toEqual([]);
      expect(await save()).toEqual({ status: "saved", date, created: true });
      expect(await stored()).toEqual({ measurements: [{ date, weightKg: 77.4, waistCm: null }], keys: ["key-1"] });
    });

    it("with QA disabled an armed fault does nothing", async () => {
      await arm({ target: "write", mode: "fail_before_commit" });
      expect(await save({ faults: createStorageFaults({ store: database.store, userId, enabled: false }) })).toEqual({ status: "saved", date, created: true });
    });
  });
});
