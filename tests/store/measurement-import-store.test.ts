// The store contract for an import: many dates decided together, written with the key in one transaction; a raced key
// writes nothing; a throw inside decide leaves every date as it was. Written against the port only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IdempotentImportRequest } from "@/lib/store/measurement-store";
import { at, weight } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: the idempotent import", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
  });
  afterEach(() => opened.close());

  const importWeights = (key: string, weights: Record<string, number>, rest: Partial<IdempotentImportRequest<string[]>> = {}) =>
    opened.store.measurements.importIdempotent<string[]>({
      userId: "u1",
      key,
      operation: "import_measurements",
      fingerprint: "fp",
      dates: Object.keys(weights),
      decide: (stored) => {
        const changes = Object.entries(weights).map(([date, kg]) => {
          const row = stored.get(date);
          return {
            date,
            change: row
              ? ({ kind: "update", id: row.id, values: weight(kg), at: at(20) } as const)
              : ({ kind: "insert", values: weight(kg), note: null, at: at(10) } as const),
          };
        });
        return { changes, outcome: { isError: false, content: "{}" }, value: [...stored.keys()] };
      },
      ...rest,
    });
  const weightOn = async (date: string) => (await opened.store.measurements.findByDate({ userId: "u1", date }))?.weightKg;

  it("shows decide every stored date, writes every change and records the key", async () => {
    expect(await importWeights("k1", { "2026-01-01": 80 })).toEqual({ status: "committed", value: [] });
    expect(await importWeights("k2", { "2026-01-01": 81, "2026-01-02": 82 })).toEqual({ status: "committed", value: ["2026-01-01"] });
    expect([await weightOn("2026-01-01"), await weightOn("2026-01-02")]).toEqual([81, 82]);
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k2" })).toMatchObject({ operation: "import_measurements", outcome: "{}" });
  });

  it("answers raced and writes nothing when the key was already recorded", async () => {
    await importWeights("k1", { "2026-01-01": 80 });
    expect(await importWeights("k1", { "2026-01-01": 90, "2026-01-03": 90 })).toMatchObject({ status: "raced", record: { key: "k1" } });
    expect([await weightOn("2026-01-01"), await weightOn("2026-01-03")]).toEqual([80, undefined]);
  });

  it("rolls every date back when decide throws: nothing written, no key", async () => {
    const result = await importWeights(
      "k1",
      { "2026-01-01": 80 },
      {
        decide: () => {
          throw new Error("refused");
        },
      },
    );
    expect(result).toMatchObject({ status: "failed", phase: "body" });
    expect(await weightOn("2026-01-01")).toBeUndefined();
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
  });
});
