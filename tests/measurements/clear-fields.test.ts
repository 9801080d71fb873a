// Clearing fields from the /measurements edit form: one transaction removes exactly the named values, the key replays
// the same change once, and the tool's own payloads keep their fingerprints.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearFieldsSchema } from "@/lib/measurements/clear-fields";
import { fingerprintOf } from "@/lib/measurements/fingerprint";
import { SAVE_OPERATION, saveMeasurement, savePayloadOf, type SaveMeasurementOptions } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
let userId: string;
const date = "2026-03-04";

function save(idempotencyKey: string, input: SaveMeasurementInput, extra: Partial<SaveMeasurementOptions> = {}) {
  return saveMeasurement({ store: database.store, userId, idempotencyKey, input, traceId: "trc_test", locale: "en", ...extra });
}

async function snapshot() {
  const { inspection } = database.store;
  return { measurements: await inspection.measurements(), records: await inspection.idempotencyRecords() };
}

/** What the edit form sends after the person emptied the waist input: the remaining values, the note, replace. */
const editInput: SaveMeasurementInput = { date, values: { weight_kg: 79, hips_cm: 98 }, note: "first", replace: true };

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    userId = await createTestUser(database.store, { id: "user-a" });
    const seeded = await save("seed", { date, values: { weight_kg: 79, waist_cm: 85, hips_cm: 98 }, note: "first" });
    expect(seeded.status).toBe("executed");
  });
  afterEach(() => database.close());

  describe("clearing fields in a save", () => {
    it("removes the cleared value, keeps the others and the note, and reports the record as it now is", async () => {
      const result = await save("edit-1", editInput, { clearFields: ["waist_cm"] });
      expect(result.status).toBe("executed");
      expect(result.outcome).toEqual({
        isError: false,
        content: {
          date,
          values: { weight_kg: 79, hips_cm: 98 },
          created: false,
          previous: { weight_kg: 79, waist_cm: 85, hips_cm: 98 },
          idempotency_key: "edit-1",
        },
      });
      const { measurements } = await snapshot();
      expect(measurements).toHaveLength(1);
      expect(measurements[0]).toMatchObject({ weightKg: 79, waistCm: null, hipsCm: 98, note: "first" });
    });

    it("replays the same key and the same fields to clear without a second change, and refuses other fields under it", async () => {
      const first = await save("edit-1", editInput, { clearFields: ["waist_cm"] });
      const afterFirst = await snapshot();
      expect(afterFirst.records.map((record) => record.key)).toEqual(["seed", "edit-1"]);
      // Meanwhile the Coach saves a waist again: a replay must not clear it a second time.
      expect((await save("coach-1", { date, values: { waist_cm: 84 } })).status).toBe("executed");
      const beforeReplay = await snapshot();

      const replay = await save("edit-1", { ...editInput }, { clearFields: ["waist_cm"], traceId: "trc_other" });
      expect(replay.status).toBe("replayed");
      expect(replay.serialized).toBe(first.serialized);
      expect(await snapshot()).toEqual(beforeReplay);
      expect((await snapshot()).measurements[0]).toMatchObject({ waistCm: 84 });

      const other = await save("edit-1", editInput, { clearFields: ["waist_cm", "hips_cm"] });
      expect(other.status).toBe("key_reused");
      expect(other.outcome.content).toMatchObject({ error: "idempotency_key_reused", details: { idempotency_key: "edit-1" } });
      expect(await snapshot()).toEqual(beforeReplay);
    });

    it("fingerprints the fields to clear in one order, and leaves every save without them with its old fingerprint", () => {
      expect(savePayloadOf(editInput, ["hips_cm", "waist_cm"])).toEqual({
        date,
        values: { weight_kg: 79, hips_cm: 98 },
        note: "first",
        replace: true,
        clear: ["waist_cm", "hips_cm"],
      });
      const withoutClear = fingerprintOf(SAVE_OPERATION, { date, values: editInput.values, note: "first", replace: true });
      expect(fingerprintOf(SAVE_OPERATION, savePayloadOf(editInput))).toBe(withoutClear);
      expect(fingerprintOf(SAVE_OPERATION, savePayloadOf(editInput, []))).toBe(withoutClear);
      expect(fingerprintOf(SAVE_OPERATION, savePayloadOf(editInput, ["waist_cm"]))).not.toBe(withoutClear);
    });

    it("does not touch the row when the field to clear is already empty", async () => {
      const before = (await snapshot()).measurements;
      const result = await save("edit-1", editInput, { clearFields: ["neck_cm"] });
      expect(result.outcome.content).toEqual({
        date,
        values: { weight_kg: 79, waist_cm: 85, hips_cm: 98 },
        created: false,
        previous: { weight_kg: 79, waist_cm: 85, hips_cm: 98 },
        idempotency_key: "edit-1",
      });
      expect((await snapshot()).measurements).toEqual(before);
    });

    it("keeps a value that is both given and named to clear", async () => {
      const result = await save("edit-1", { date, values: { waist_cm: 80 }, replace: true }, { clearFields: ["waist_cm"] });
      expect(result.outcome.content).toMatchObject({ values: { weight_kg: 79, waist_cm: 80, hips_cm: 98 } });
      expect((await snapshot()).measurements[0]).toMatchObject({ waistCm: 80 });
    });

    it("clears nothing when the save is a conflict", async () => {
      const before = (await snapshot()).measurements;
      const result = await save("edit-1", { date, values: { weight_kg: 70 } }, { clearFields: ["waist_cm"] });
      expect(result.outcome.content).toMatchObject({ error: "conflict" });
      expect((await snapshot()).measurements).toEqual(before);
    });
  });

  describe("clearFieldsSchema", () => {
    it("accepts known fields once each and refuses unknown or repeated ones", () => {
      expect(clearFieldsSchema.safeParse(["waist_cm", "height_cm"]).success).toBe(true);
      expect(clearFieldsSchema.safeParse([]).success).toBe(true);
      expect(clearFieldsSchema.safeParse(["waist"]).success).toBe(false);
      expect(clearFieldsSchema.safeParse(["waist_cm", "waist_cm"]).success).toBe(false);
    });
  });
});
