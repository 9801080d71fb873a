// The page's batches of another app's days: each batch made once with its own key, sent in turn, and sent again with
// the same key only when its answer may not have been the server's last word (network, 409 in flight, 5xx).
import { afterEach, describe, expect, it, vi } from "vitest";
import { BATCH_SHARE_OF_LIMIT, batchesOf, DAYS_PER_BATCH, sendBatches } from "@/app/measurements/import-batches";
import type { DayRow } from "@/lib/measurements/import/collect-days";

const day = (index: number): DayRow => ({
  row: index + 2,
  date: new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10),
  values: { weight_kg: 80 },
  note: null,
  provenance: { weight_kg: { source: "withings", value: 176.4, unit: "lb", derived: false } },
  readings: 1,
});
const summary = (created: number) => ({ created, updated: 0, unchanged: 0, conflicts: [], errors: [] });
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const MEGABYTE = 1024 * 1024;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

afterEach(() => vi.unstubAllGlobals());

describe("import batches", () => {
  it("cuts the days into batches of Palestra JSON, each with a key of its own and each value's provenance", () => {
    const batches = batchesOf(
      Array.from({ length: DAYS_PER_BATCH + 1 }, (_, index) => day(index)),
      { maxBytes: MEGABYTE },
    );
    expect(batches).toHaveLength(2);
    expect(new Set(batches.map((batch) => batch.key)).size).toBe(2);
    expect(JSON.parse(batches[1]?.body ?? "")).toEqual({
      records: [
        {
          date: day(DAYS_PER_BATCH).date,
          values: { weight_kg: 80 },
          provenance: { weight_kg: { source: "withings", original_value: 176.4, original_unit: "lb", derived: false } },
        },
      ],
    });
  });

  it("keeps every batch within its share of the body limit, however many days, and loses or repeats none", () => {
    // A note-less day with all of its values' provenance is about 230 bytes; accented sources count in UTF-8 bytes.
    const days = Array.from({ length: 5000 }, (_, index) => ({
      ...day(index),
      values: { weight_kg: 80, body_fat_pct: 18.2, waist_cm: 90 },
      provenance: {
        weight_kg: { source: "health-connect:Báscula Ñandú", value: 80000, unit: "g", derived: false },
        body_fat_pct: { source: "health-connect:Báscula Ñandú", value: 18.2, unit: "%", derived: false },
      },
    }));
    for (const maxBytes of [1024, 16 * 1024, MEGABYTE, 32 * MEGABYTE]) {
      const batches = batchesOf(days, { maxBytes });
      for (const batch of batches) {
        expect(utf8Bytes(batch.body)).toBeLessThanOrEqual(maxBytes * BATCH_SHARE_OF_LIMIT);
        expect((JSON.parse(batch.body) as { records: unknown[] }).records.length).toBeLessThanOrEqual(DAYS_PER_BATCH);
      }
      const dates = batches.flatMap((batch) => (JSON.parse(batch.body) as { records: Array<{ date: string }> }).records.map((record) => record.date));
      expect(dates).toEqual(days.map((each) => each.date));
      // Full batches, not one day each: the limit is used, not feared.
      expect(batches.length).toBeLessThanOrEqual(Math.ceil(days.length / Math.min(DAYS_PER_BATCH, Math.floor((maxBytes * BATCH_SHARE_OF_LIMIT) / 400))));
    }
  });

  it("sends a day larger than its share alone rather than dropping it", () => {
    const long = { ...day(0), provenance: { weight_kg: { source: `csv:${"x".repeat(900)}`, value: 80, unit: "kg", derived: false } } };
    const batches = batchesOf([day(1), long, day(2)], { maxBytes: 1024 });
    expect(batches.map((batch) => (JSON.parse(batch.body) as { records: unknown[] }).records.length)).toEqual([1, 1, 1]);
  });

  it("sends a batch again with the same key after a lost answer, and adds up the summaries", async () => {
    const keys: string[] = [];
    const answers = [
      json(200, summary(200)),
      json(500, { type: "https://palestra.dev/problems/outcome_unknown" }),
      json(200, summary(1), { "idempotent-replayed": "true" }),
    ];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get("idempotency-key") ?? "");
      return answers.shift() ?? json(599, {});
    });
    const batches = batchesOf(
      Array.from({ length: DAYS_PER_BATCH + 1 }, (_, index) => day(index)),
      { maxBytes: MEGABYTE },
    );
    const answer = await sendBatches({ batches, locale: "en", dryRun: false, replace: false });
    expect(answer).toEqual({ kind: "summary", summary: { created: 201, updated: 0, unchanged: 0, conflicts: [] } });
    expect(keys).toEqual([`"${batches[0]?.key}"`, `"${batches[1]?.key}"`, `"${batches[1]?.key}"`]);
  });

  it("stops at an answer that is final (422), without sending it again or sending the rest", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls += 1;
      return json(422, { type: "https://palestra.dev/problems/import_invalid", errors: [{ row: 3, code: "value_invalid", detail: "x" }] });
    });
    const batches = batchesOf(
      Array.from({ length: DAYS_PER_BATCH * 2 }, (_, index) => day(index)),
      { maxBytes: MEGABYTE },
    );
    expect(await sendBatches({ batches, locale: "en", dryRun: false, replace: false })).toEqual({
      kind: "invalid",
      errors: [{ row: 3, code: "value_invalid", detail: "x" }],
    });
    expect(calls).toBe(1);
  });
});
