// The page's batches of another app's days: each batch made once with its own key, sent in turn, and sent again with
// the same key only when its answer may not have been the server's last word (network, 409 in flight, 5xx).
import { afterEach, describe, expect, it, vi } from "vitest";
import { batchesOf, DAYS_PER_BATCH, sendBatches } from "@/app/measurements/import-batches";
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

afterEach(() => vi.unstubAllGlobals());

describe("import batches", () => {
  it("cuts the days into batches of Palestra JSON, each with a key of its own and each value's provenance", () => {
    const batches = batchesOf(Array.from({ length: DAYS_PER_BATCH + 1 }, (_, index) => day(index)));
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
    const batches = batchesOf(Array.from({ length: DAYS_PER_BATCH + 1 }, (_, index) => day(index)));
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
    const batches = batchesOf(Array.from({ length: DAYS_PER_BATCH * 2 }, (_, index) => day(index)));
    expect(await sendBatches({ batches, locale: "en", dryRun: false, replace: false })).toEqual({
      kind: "invalid",
      errors: [{ row: 3, code: "value_invalid", detail: "x" }],
    });
    expect(calls).toBe(1);
  });
});
