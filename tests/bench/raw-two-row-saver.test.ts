import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createBenchDirectory } from "@/scripts/bench/create-bench-directory";
import { createBenchUser } from "@/scripts/bench/create-raw-inserter";
import { createRawTwoRowSaver, readStoredSave } from "@/scripts/bench/create-raw-two-row-saver";

// The baseline of "saveMeasurement, new keys" must write what a real save writes, or its ratio measures something else.
let scratch: ReturnType<typeof createBenchDirectory>;
let real: DatabaseHandle;
let raw: DatabaseHandle;

async function realSave(handle: DatabaseHandle, options: { userId: string; key: string; date: string }): Promise<void> {
  const result = await saveMeasurement({
    store: createSqliteStore(handle),
    userId: options.userId,
    idempotencyKey: options.key,
    input: { date: options.date, values: { weight_kg: 77.4 } },
    traceId: "bench",
    locale: "en",
  });
  expect(result.status).toBe("executed");
}

type StoredRows = { measurement: Record<string, unknown>; key: Record<string, unknown> };

/** Every stored column of the (change, key) pair, with the values that differ by nature (ids, times) reduced to their storage class. */
function readRows(handle: DatabaseHandle, key: string): StoredRows {
  const keyRow = handle.sqlite
    .prepare(
      "SELECT user_id, operation, length(fingerprint) AS fingerprint_length, is_error, outcome, typeof(created_at) AS created_at_type FROM idempotency_record WHERE key = ?",
    )
    .get(key) as Record<string, unknown> & { user_id: string };
  const measurementRow = handle.sqlite
    .prepare(
      `SELECT date, weight_kg, body_fat_pct, neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm, height_cm, note, provenance,
        typeof(created_at) AS created_at_type, typeof(updated_at) AS updated_at_type FROM measurement WHERE user_id = ?`,
    )
    .get(keyRow.user_id) as Record<string, unknown>;
  const { user_id: _userId, ...key_ } = keyRow;
  return { measurement: measurementRow, key: key_ };
}

beforeEach(() => {
  scratch = createBenchDirectory("two-row-test");
  real = openDatabase(path.join(scratch.directory, "real.db"));
  raw = openDatabase(path.join(scratch.directory, "raw.db"));
});

afterEach(() => {
  try {
    real?.sqlite.close();
    raw?.sqlite.close();
  } finally {
    scratch.remove();
  }
});

describe("the raw two-row save (baseline of saveMeasurement with new keys)", () => {
  it("commits one change row and one key row holding what a real save stores for the same key and date", async () => {
    const templateUser = createBenchUser(raw);
    await realSave(raw, { userId: templateUser, key: "bench-new-999999", date: "1999-12-31" });
    const template = readStoredSave(raw, { userId: templateUser, key: "bench-new-999999", date: "1999-12-31" });
    const keyOf = (call: number) => `bench-new-${call}`;
    const saveRaw = createRawTwoRowSaver({ handle: raw, template, keyOf });
    const countRows = () => raw.sqlite.prepare("SELECT (SELECT count(*) FROM measurement) AS changes, (SELECT count(*) FROM idempotency_record) AS keys").get();
    expect(countRows()).toEqual({ changes: 1, keys: 1 });
    saveRaw();
    expect(countRows()).toEqual({ changes: 2, keys: 2 });

    // The raw call wrote key bench-new-0 for the first fresh date of its own bench user; a real save of the same
    // key and date must store the same columns, byte for byte where they do not depend on the clock.
    const rawRows = readRows(raw, "bench-new-0");
    await realSave(real, { userId: createBenchUser(real), key: "bench-new-0", date: rawRows.measurement.date as string });
    expect(rawRows).toEqual(readRows(real, "bench-new-0"));
    expect(rawRows.key.outcome).toContain('"bench-new-0"');
    expect(rawRows.measurement.provenance).toContain('"source":"api"');
  });

  it("refuses a template whose outcome does not name its own key and date once", async () => {
    const userId = createBenchUser(raw);
    await realSave(raw, { userId, key: "bench-new-5", date: "1999-12-31" });
    expect(() => readStoredSave(raw, { userId, key: "bench-new-5", date: "1999-12-30" })).toThrow(/exactly once/);
  });
});
