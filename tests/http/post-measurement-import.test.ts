// POST /api/v1/measurements/import on each adapter (SQLite, PostgreSQL): the 200 summary, idempotency by key, conflicts left alone
// unless replace=true, a 422 listing every invalid row with nothing written, and the export -> import -> export round trip.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { resetEnvForTests } from "@/lib/env";
import { measurementsToCsv } from "@/lib/export/measurements-csv";
import { postMeasurementImport } from "@/lib/http/post-measurement-import";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
const userId = "importer";

const header = "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at";
const post = (options: {
  body: string | Uint8Array<ArrayBuffer>;
  key?: string | null;
  type?: string;
  query?: string;
  user?: string;
  locale?: "en" | "es" | "pt";
}) =>
  postMeasurementImport({
    request: new Request(`http://localhost/api/v1/measurements/import${options.query ?? ""}`, {
      method: "POST",
      headers: { "content-type": options.type ?? "text/csv", ...(options.key === null ? {} : { "idempotency-key": options.key ?? "import-1" }) },
      body: options.body,
    }),
    userId: options.user ?? userId,
    locale: options.locale ?? "en",
  });

async function save(date: string, values: Record<string, number>, note?: string) {
  const result = await saveMeasurement({
    store: database.store,
    userId,
    idempotencyKey: `save-${date}`,
    input: { date, values, ...(note ? { note } : {}) },
    traceId: "t",
    locale: "en",
  });
  expect(result.status).toBe("executed");
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    await createTestUser(database.store, { id: userId });
    await createTestUser(database.store, { id: "fresh" });
    setStore(database.store);
    resetEnvForTests();
  });
  afterEach(async () => {
    setStore(undefined);
    await database.close();
  });

  describe("POST /api/v1/measurements/import", () => {
    it("creates, updates, keeps and lists conflicts, then replays the same answer for the same key", async () => {
      await save("2026-01-01", { weight_kg: 80 }, "kept");
      await save("2026-01-02", { weight_kg: 81 });
      await save("2026-01-03", { weight_kg: 82 });
      const body = [header, "2026-01-01,80,,,,,,,,,,kept,x", "2026-01-02,81,,,,90,,,,,,,x", "2026-01-03,83,,,,,,,,,,,x", "2026-01-04,84,,,,,,,,,,,x"].join(
        "\r\n",
      );
      const response = await post({ body });
      expect(response.status).toBe(200);
      const summary = await response.json();
      expect(summary).toEqual({
        created: 1,
        updated: 1,
        unchanged: 1,
        conflicts: [{ date: "2026-01-03", stored: { values: { weight_kg: 82 }, note: null }, proposed: { values: { weight_kg: 83 }, note: null } }],
        errors: [],
      });
      const stored = await listAllMeasurements({ store: database.store, userId });
      expect(stored.map((record) => [record.date, record.values])).toEqual([
        ["2026-01-01", { weight_kg: 80 }],
        ["2026-01-02", { weight_kg: 81, waist_cm: 90 }],
        ["2026-01-03", { weight_kg: 82 }],
        ["2026-01-04", { weight_kg: 84 }],
      ]);
      expect(response.headers.get("idempotent-replayed")).toBeNull();
      const replay = await post({ body });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await replay.json()).toEqual(summary);
      const again = await post({ body, key: "import-2" });
      expect(await again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3, conflicts: [{ date: "2026-01-03" }] });
      expect(await listAllMeasurements({ store: database.store, userId })).toEqual(stored);
    });

    it("previews with dry_run=true without a key and without writing", async () => {
      await save("2026-01-03", { weight_kg: 82 });
      const body = `${header}\n2026-01-03,83,,,,,,,,,,,x\n2026-01-04,84,,,,,,,,,,,x\n`;
      const preview = await post({ body, key: null, query: "?dry_run=true" });
      expect(await preview.json()).toMatchObject({ created: 1, updated: 0, unchanged: 0, conflicts: [{ date: "2026-01-03" }] });
      const replacing = await post({ body, key: null, query: "?dry_run=true&replace=true" });
      expect(await replacing.json()).toMatchObject({ created: 1, updated: 1, conflicts: [] });
      expect(await listAllMeasurements({ store: database.store, userId })).toHaveLength(1);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(1);
    });

    it("overwrites a conflicting date only with replace=true", async () => {
      await save("2026-01-03", { weight_kg: 82 }, "old note");
      const response = await post({ body: `${header}\n2026-01-03,83,,,,,,,,,,new note,x\n`, query: "?replace=true" });
      expect(await response.json()).toEqual({ created: 0, updated: 1, unchanged: 0, conflicts: [], errors: [] });
      expect((await listAllMeasurements({ store: database.store, userId }))[0]).toMatchObject({ values: { weight_kg: 83 }, note: "new note" });
    });

    it("answers 422 listing every invalid row, and writes nothing, not even the key", async () => {
      const body = [header, "2026-01-01,80,,,,,,,,,,,x", "2026-13-01,80,,,,,,,,,,,x", "2026-01-03,1000,,,,,,,,,,,x"].join("\n");
      const response = await post({ body });
      expect(response.status).toBe(422);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const problem = await response.json();
      expect(problem).toMatchObject({ type: "https://palestra.dev/problems/import_invalid", status: 422 });
      expect(problem.errors.map((error: { row: number }) => error.row)).toEqual([3, 4]);
      expect(problem.errors.map((error: { code: string }) => error.code)).toEqual(["date_invalid", "value_invalid"]);
      expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(0);
    });

    it("words the whole-file sentence and every row in the person's language, rows numbered as the file's lines", async () => {
      const response = await post({ body: "date,weight_kg,note\n2026-01-01,80,\n2026-01-02,1000,\n", locale: "pt" });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        detail: "1 problema no arquivo; nada foi importado. O primeiro: linha 3: Peso “1000” não é um número de 20 a 400 kg com no máximo uma casa decimal.",
        errors: [{ row: 3, code: "value_invalid", detail: "Peso “1000” não é um número de 20 a 400 kg com no máximo uma casa decimal." }],
      });
      const notText = await post({ body: new Uint8Array([0x64, 0xff, 0xfe]), locale: "es" });
      expect(await notText.json()).toMatchObject({
        status: 422,
        detail: expect.stringMatching(/^1 problema en el archivo; no se importó nada\. El primero: El archivo no es texto UTF-8/),
        errors: [{ row: 0, code: "file_not_utf8" }],
      });
      expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
    });

    it("imports a plain date,weight_kg,waist_cm,note file", async () => {
      const response = await post({ body: "date,weight_kg,waist_cm,note\n2026-01-01,80.5,90,first\n2026-01-02,80.1,,\n" });
      expect(await response.json()).toEqual({ created: 2, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    });

    it("refuses a key reused for another file, a missing key, another content type and a bad replace value", async () => {
      expect((await post({ body: `${header}\n2026-01-01,80,,,,,,,,,,,x\n` })).status).toBe(200);
      const reused = await post({ body: `${header}\n2026-01-01,81,,,,,,,,,,,x\n` });
      expect(reused.status).toBe(422);
      expect((await reused.json()).type).toBe("https://palestra.dev/problems/idempotency_key_reused");
      expect((await post({ body: header, key: null })).status).toBe(400);
      expect((await post({ body: header, type: "text/plain" })).status).toBe(415);
      expect((await post({ body: header, query: "?replace=yes" })).status).toBe(400);
    });

    it("refuses a body over PALESTRA_MAX_BODY_BYTES with 413 before reading it whole", async () => {
      const big = `${header}\n${"2026-01-01,80,,,,,,,,,,,x\n".repeat((50 * 1024 * 1024) / 26)}`;
      const response = await post({ body: big });
      expect(response.status).toBe(413);
      expect((await response.json()).type).toBe("https://palestra.dev/problems/payload_too_large");
      expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
    });

    it("export -> import on a fresh account -> export is byte-identical apart from updated_at", async () => {
      await save("2026-01-01", { weight_kg: 80.5, waist_cm: 90.1, height_cm: 180 }, '=HYPERLINK("http://x")');
      await save("2026-01-02", { body_fat_pct: 19.9 }, 'line one\nline "two", \'@three');
      await save("2026-01-03", { calf_cm: 37 }, "-5 kg?");
      const exported = measurementsToCsv(await listAllMeasurements({ store: database.store, userId }));
      const response = await post({ body: exported, user: "fresh" });
      expect(await response.json()).toEqual({ created: 3, updated: 0, unchanged: 0, conflicts: [], errors: [] });
      const reexported = measurementsToCsv(await listAllMeasurements({ store: database.store, userId: "fresh" }));
      const withoutUpdatedAt = (csv: string) => csv.replace(/,[^,\r\n]*T[^,\r\n]*Z\r\n/g, ",\r\n");
      expect(withoutUpdatedAt(reexported)).toBe(withoutUpdatedAt(exported));
      expect(reexported).not.toBe(withoutUpdatedAt(reexported));
    });
  });
});
