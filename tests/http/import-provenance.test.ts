// POST /api/v1/measurements/import keeps where each value came from: another app's source, the number and unit the
// file held, and whether it was derived; a Palestra JSON record's own provenance as given, "palestra" when it has
// none; a record whose provenance is malformed is a coded 422. Importing the same file again changes nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { postMeasurementImport } from "@/lib/http/post-measurement-import";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { setStore } from "@/lib/scope/get-store";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";
import { appleHealthZip, withingsLbCsv } from "@/tests/measurements/import/formats/format-fixtures";

let database: TemporaryDatabase;
const userId = "importer";

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-import-provenance-");
  await createTestUser(database.store, { id: userId });
  setStore(database.store);
  resetEnvForTests();
});
afterEach(() => {
  setStore(undefined);
  database.remove();
});

let keys = 0;
const post = (body: string | Uint8Array<ArrayBuffer>, query: string, contentType = "application/octet-stream") =>
  postMeasurementImport({
    request: new Request(`http://localhost/api/v1/measurements/import?${query}`, {
      method: "POST",
      headers: { "content-type": contentType, "idempotency-key": `key-${(keys += 1)}` },
      body,
    }),
    userId,
    locale: "en",
  });
const records = () => listAllMeasurements({ store: database.store, userId });

describe("provenance through the import", () => {
  it("stores Withings in pounds as the pounds the file held, body fat as derived from the fat mass, and re-importing changes nothing", async () => {
    expect((await post(withingsLbCsv, "format=withings")).status).toBe(200);
    const [first] = await records();
    expect(first?.values).toEqual({ weight_kg: 80.2, body_fat_pct: 16.2 });
    expect(first?.provenance).toEqual({
      weight_kg: { source: "withings", original_value: 176.8, original_unit: "lb", derived: false },
      // Derived: computed as fat mass ÷ weight, from the fat mass the file held.
      body_fat_pct: { source: "withings", original_value: 28.6, original_unit: "lb", derived: true },
    });
    const before = await records();
    expect(await (await post(withingsLbCsv, "format=withings")).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await records()).toEqual(before);
  });

  it("names the app inside Apple Health and keeps the fraction's percentage and the inches", async () => {
    await post(appleHealthZip() as Uint8Array<ArrayBuffer>, "format=apple-health");
    const [may2, , may4] = await records();
    expect(may2?.provenance.weight_kg).toEqual({ source: "apple-health:Withings", original_value: 80.2, original_unit: "kg", derived: false });
    expect(may2?.provenance.body_fat_pct?.source).toBe("apple-health:Withings");
    expect(may4?.provenance.waist_cm).toMatchObject({ source: "apple-health:Health", original_value: 32, original_unit: "in" });
  });

  it("keeps a Palestra JSON record's provenance as given and names palestra for a value without one", async () => {
    const file = JSON.stringify({
      records: [
        {
          date: "2024-05-02",
          values: { weight_kg: 80.2, waist_cm: 81 },
          note: null,
          provenance: { weight_kg: { source: "withings", original_value: 176.8, original_unit: "lb", derived: false } },
        },
      ],
    });
    expect((await post(file, "", "application/json")).status).toBe(200);
    expect((await records())[0]?.provenance).toEqual({
      weight_kg: { source: "withings", original_value: 176.8, original_unit: "lb", derived: false },
      waist_cm: { source: "palestra", original_value: 81, original_unit: "cm", derived: false },
    });
  });

  it("refuses a record whose provenance is malformed or names a value it does not hold, with the line and code", async () => {
    const file = (provenance: unknown) => JSON.stringify({ records: [{ date: "2024-05-02", values: { weight_kg: 80 }, provenance }] }, null, 2);
    for (const provenance of [
      { weight_kg: { source: "withings", original_value: "176.8", original_unit: "lb", derived: false } },
      { waist_cm: { source: "withings", original_value: 30, original_unit: "in", derived: false } },
      ["withings"],
    ]) {
      const response = await post(file(provenance), "", "application/json");
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual([
        expect.objectContaining({ row: 3, code: "provenance_invalid", detail: expect.stringContaining("must be an object with source") }),
      ]);
    }
    expect(await records()).toEqual([]);
  });
});
