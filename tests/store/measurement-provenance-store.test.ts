// The store contract for provenance: each value's source, original number and unit, and derived flag are written in
// the save's or import's own transaction, read back with the row, replaced only when given, and left NULL for a row
// written without one. Written against the port only, on both adapters.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MeasurementChange } from "@/lib/store/measurement-store";
import type { MeasurementRow, StoredProvenance } from "@/lib/store/records";
import { at } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

const withings: StoredProvenance = { weight_kg: { source: "withings", original_value: 176.4, original_unit: "lb", derived: false } };
const derivedFat: StoredProvenance = {
  ...withings,
  body_fat_pct: { source: "withings", original_value: 18.2, original_unit: "%", derived: true },
};
const chat: StoredProvenance = { weight_kg: { source: "chat", original_value: 80.5, original_unit: "kg", derived: false } };

describe.each(storeAdapters)("the $name store: provenance per value", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
  });
  afterEach(() => opened.close());

  const save = (key: string, decide: (stored: MeasurementRow | undefined) => MeasurementChange) =>
    opened.store.measurements.saveIdempotent({
      userId: "u1",
      key,
      operation: "save_measurement",
      fingerprint: key,
      date: "2026-03-04",
      decide: (stored) => ({ change: decide(stored), outcome: { isError: false, content: "{}" }, value: null }),
    });
  const stored = () => opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-04" });

  it("stores an insert's provenance with its values and reads it back as written", async () => {
    await save("k1", () => ({ kind: "insert", values: { weightKg: 80, bodyFatPct: 18.2 }, note: null, provenance: derivedFat, at: at(1) }));
    expect(await stored()).toMatchObject({ weightKg: 80, bodyFatPct: 18.2, provenance: derivedFat });
    expect(await opened.store.measurements.listAll({ userId: "u1" })).toMatchObject([{ provenance: derivedFat }]);
    expect(await opened.store.measurements.listRange({ userId: "u1", from: "2026-03-01", to: "2026-03-31" })).toMatchObject([{ provenance: derivedFat }]);
  });

  it("leaves provenance NULL when an insert gives none", async () => {
    await save("k1", () => ({ kind: "insert", values: { weightKg: 80 }, note: null, at: at(1) }));
    expect((await stored())?.provenance).toBeNull();
  });

  it("replaces the provenance when an update gives it, and keeps it when an update does not", async () => {
    await save("k1", () => ({ kind: "insert", values: { weightKg: 80 }, note: null, provenance: withings, at: at(1) }));
    await save("k2", (row) => ({ kind: "update", id: row!.id, values: { waistCm: 81 }, at: at(2) }));
    expect(await stored()).toMatchObject({ waistCm: 81, provenance: withings });
    await save("k3", (row) => ({ kind: "update", id: row!.id, values: { weightKg: 80.5 }, provenance: chat, at: at(3) }));
    expect(await stored()).toMatchObject({ weightKg: 80.5, provenance: chat });
    await save("k4", (row) => ({ kind: "update", id: row!.id, values: { weightKg: null }, provenance: null, at: at(4) }));
    expect((await stored())?.provenance).toBeNull();
  });

  it("writes an import's provenance per date in its one transaction, and nothing when decide throws", async () => {
    const imported = await opened.store.measurements.importIdempotent({
      userId: "u1",
      key: "import-1",
      operation: "import_measurements",
      fingerprint: "fp",
      dates: ["2026-03-04", "2026-03-05"],
      decide: () => ({
        changes: [
          { date: "2026-03-04", change: { kind: "insert", values: { weightKg: 80 }, note: null, provenance: withings, at: at(1) } },
          { date: "2026-03-05", change: { kind: "insert", values: { weightKg: 80, bodyFatPct: 18.2 }, note: null, provenance: derivedFat, at: at(1) } },
        ],
        outcome: { isError: false, content: "{}" },
        value: null,
      }),
    });
    expect(imported.status).toBe("committed");
    expect((await opened.store.measurements.listAll({ userId: "u1" })).map((row) => row.provenance)).toEqual([withings, derivedFat]);
    // The second date breaks the weight range (a CHECK): the first date's new provenance is rolled back with it.
    const refused = await opened.store.measurements.importIdempotent({
      userId: "u1",
      key: "import-2",
      operation: "import_measurements",
      fingerprint: "fp",
      dates: ["2026-03-04", "2026-03-06"],
      decide: (rows) => ({
        changes: [
          { date: "2026-03-04", change: { kind: "update", id: rows.get("2026-03-04")!.id, values: { weightKg: 80.5 }, provenance: chat, at: at(2) } },
          { date: "2026-03-06", change: { kind: "insert", values: { weightKg: 1000 }, note: null, provenance: chat, at: at(2) } },
        ],
        outcome: { isError: false, content: "{}" },
        value: null,
      }),
    });
    expect(refused.status).toBe("failed");
    expect(await stored()).toMatchObject({ weightKg: 80, provenance: withings });
  });
});
