// POST /api/v1/measurements/import?format=<another app's> over a real SQLite file: every format of the table imports,
// the body is read as a stream, a unit or mapping the file lacks is a 422 naming the parameter, and importing the
// same file again (another key) changes nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { resetEnvForTests } from "@/lib/env";
import { postMeasurementImport } from "@/lib/http/post-measurement-import";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";
import {
  appleHealthZip,
  fitbitWeightJson,
  healthConnectZip,
  mappedCsv,
  openScaleCsv,
  withingsKgCsv,
  withingsLbCsv,
} from "@/tests/measurements/import/formats/format-fixtures";

let database: TemporaryDatabase;
const userId = "importer";

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-foreign-import-");
  await createTestUser(database.store, { id: userId });
  setStore(database.store);
  resetEnvForTests();
});
afterEach(() => {
  setStore(undefined);
  database.remove();
});

let keys = 0;
const post = (options: { body: string | Uint8Array<ArrayBuffer>; query: string; locale?: "en" | "es" | "pt"; key?: string }) =>
  postMeasurementImport({
    request: new Request(`http://localhost/api/v1/measurements/import?${options.query}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", "idempotency-key": options.key ?? `key-${(keys += 1)}` },
      body: options.body,
    }),
    userId,
    locale: options.locale ?? "en",
  });
const stored = async () => (await listAllMeasurements({ store: database.store, userId })).map(({ date, values }) => ({ date, values }));

describe("POST /api/v1/measurements/import?format=…", () => {
  it("imports an Apple Health export.zip, says what it merged, and changes nothing when imported again", async () => {
    const first = await post({ body: appleHealthZip() as Uint8Array<ArrayBuffer>, query: "format=apple-health" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      conflicts: [],
      errors: [],
      readings: { found: 8, duplicates: 1, days_merged: [{ date: "2024-05-02", readings: 2 }] },
    });
    expect(await stored()).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 } },
      { date: "2024-05-03", values: { weight_kg: 79.9 } },
      { date: "2024-05-04", values: { weight_kg: 79.7, waist_cm: 81.3, height_cm: 180 } },
    ]);
    const again = await post({ body: appleHealthZip() as Uint8Array<ArrayBuffer>, query: "format=apple-health" });
    expect(await again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3, conflicts: [] });
    // Another rule for the same file is another value for 2 May: a conflict, left alone.
    const last = await post({ body: appleHealthZip() as Uint8Array<ArrayBuffer>, query: "format=apple-health&per_day=last" });
    expect(await last.json()).toMatchObject({ created: 0, unchanged: 2, conflicts: [{ date: "2024-05-02", proposed: { values: { weight_kg: 81 } } }] });
  });

  it.each([
    ["health-connect", () => healthConnectZip() as Uint8Array<ArrayBuffer>, "format=health-connect", 3],
    ["withings in kg", () => withingsKgCsv, "format=withings", 2],
    ["withings in lb", () => withingsLbCsv, "format=withings", 1],
    ["fitbit", () => fitbitWeightJson, "format=fitbit&unit=lb", 2],
    ["openscale", () => openScaleCsv, "format=openscale", 2],
    ["csv with a mapping", () => mappedCsv(["02/05/2024", "03/05/2024"]), "format=csv&date=Day&weight_kg=Body+weight&date_order=dmy", 2],
  ] as const)("imports %s", async (_name, body, query, created) => {
    const response = await post({ body: body(), query });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created, updated: 0, unchanged: 0, conflicts: [] });
    expect((await stored())[0]?.date).toBe("2024-05-02");
  });

  it("answers 422 naming the parameter when the file has no unit, no mapping, or dates that read both ways", async () => {
    const noUnit = await post({ body: fitbitWeightJson, query: "format=fitbit", locale: "es" });
    expect(noUnit.status).toBe(422);
    expect(await noUnit.json()).toMatchObject({
      type: "https://palestra.dev/problems/import_invalid",
      detail: "1 problema en el archivo; no se importó nada. El primero: El archivo no indica su unidad. Elígela: unit = kg o lb.",
      errors: [{ row: 0, code: "unit_required", detail: "El archivo no indica su unidad. Elígela: unit = kg o lb." }],
    });
    expect(await (await post({ body: mappedCsv(["2024-05-02"]), query: "format=csv&date=Day" })).json()).toMatchObject({
      status: 422,
      errors: [{ row: 0, code: "unit_required", detail: expect.stringContaining("weight_kg | weight_lb") }],
    });
    expect(await (await post({ body: mappedCsv(["2024-05-02"]), query: "format=csv&weight_kg=x" })).json()).toMatchObject({
      status: 422,
      errors: [{ row: 0, code: "column_required", detail: "Choose the column that holds the date (date=COLUMN)." }],
    });
    expect(await (await post({ body: mappedCsv(["02/05/2024"]), query: "format=csv&date=Day&weight_kg=Body+weight" })).json()).toMatchObject({
      status: 422,
      errors: [
        {
          row: 0,
          code: "date_order_required",
          detail: "Dates such as 02/05/2024 could be day/month or month/day. Choose the order the file uses: date_order = dmy, mdy, ymd.",
        },
      ],
    });
    expect(await stored()).toEqual([]);
  });

  it("refuses an unknown format or per_day with 400 naming the values", async () => {
    const format = await post({ body: "x", query: "format=garmin" });
    expect(format.status).toBe(400);
    expect(await format.json()).toMatchObject({
      type: "https://palestra.dev/problems/invalid_request",
      parameter: "format",
      valid_values: expect.arrayContaining(["apple-health"]),
    });
    expect(await (await post({ body: "x", query: "format=withings&per_day=median" })).json()).toMatchObject({
      status: 400,
      parameter: "per_day",
      valid_values: ["first", "last", "min", "mean"],
    });
  });

  it("under a lost_ack QA fault commits, answers outcome_unknown, and the same key then replays the first answer", async () => {
    process.env.PALESTRA_QA = "on";
    resetEnvForTests();
    try {
      await database.store.faults.arm({ userId, target: "write", mode: "lost_ack", remaining: 1 });
      const lost = await post({ body: withingsKgCsv, query: "format=withings", key: "batch-1" });
      expect(lost.status).toBe(500);
      expect(await lost.json()).toMatchObject({ type: "https://palestra.dev/problems/outcome_unknown", idempotency_key: "batch-1" });
      expect(await stored()).toHaveLength(2);
      const retried = await post({ body: withingsKgCsv, query: "format=withings", key: "batch-1" });
      expect(retried.status).toBe(200);
      expect(retried.headers.get("idempotent-replayed")).toBe("true");
      expect(await retried.json()).toMatchObject({ created: 2, unchanged: 0 });
      await database.store.faults.arm({ userId, target: "write", mode: "fail_before_commit", remaining: 1 });
      const failed = await post({ body: openScaleCsv, query: "format=openscale", key: "batch-2" });
      expect(await failed.json()).toMatchObject({ status: 503, type: "https://palestra.dev/problems/write_failed" });
      expect(await stored()).toHaveLength(2);
    } finally {
      delete process.env.PALESTRA_QA;
      resetEnvForTests();
    }
  });

  it("previews with dry_run=true without writing, and reports a bad line in the person's language", async () => {
    const preview = await postMeasurementImport({
      request: new Request("http://localhost/api/v1/measurements/import?format=withings&dry_run=true", { method: "POST", body: withingsKgCsv }),
      userId,
      locale: "en",
    });
    expect(await preview.json()).toMatchObject({ created: 2, readings: { found: 5, duplicates: 0, days_merged: [{ date: "2024-05-02", readings: 2 }] } });
    expect(await stored()).toEqual([]);
    const bad = await post({ body: 'Date,"Weight (kg)"\n"2024-05-02 07:00:00",8000\n', query: "format=withings", locale: "pt" });
    expect(await bad.json()).toMatchObject({
      errors: [{ row: 2, code: "value_invalid", detail: "Peso “8000” não é um número de 20 a 400 kg com no máximo uma casa decimal." }],
    });
  });
});
