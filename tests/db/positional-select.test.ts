// The keyed write's look-ups are compiled into plain statements bound by position (positional-select.ts): each must
// read back exactly the row drizzle's own query maps, columns decoded the same way (Dates, JSON, booleans, NULLs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import { positionalGetOf } from "@/db/sqlite/positional-select";
import { idempotencyRecord, measurement, user } from "@/db/sqlite/schema";

let folder: string;
let handle: DatabaseHandle;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-positional-"));
  handle = openDatabase(path.join(folder, "select.db"));
  handle.db.insert(user).values({ id: "u1", name: "U", email: "u1@select.test" }).run();
});

afterEach(() => {
  handle.sqlite.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const byDate = () =>
  handle.db
    .select()
    .from(measurement)
    .where(and(eq(measurement.userId, sql.placeholder("userId")), eq(measurement.date, sql.placeholder("date"))));

describe("positionalGetOf", () => {
  it("reads a measurement row as drizzle reads it, and nothing for a missing one", () => {
    const at = new Date(1_700_000_000_000);
    const provenance = { weight_kg: { source: "chat", original_value: 170, original_unit: "lb", derived: false } };
    handle.db
      .insert(measurement)
      .values({ userId: "u1", date: "2026-03-04", weightKg: 77.1, note: 'after "run"', provenance, createdAt: at, updatedAt: at })
      .run();
    handle.db.insert(measurement).values({ userId: "u1", date: "2026-03-05", waistCm: 80, createdAt: at, updatedAt: at }).run();
    const get = positionalGetOf({ sqlite: handle.sqlite, query: byDate(), names: ["userId", "date"] });
    for (const date of ["2026-03-04", "2026-03-05"]) {
      const expected = byDate().prepare().get({ userId: "u1", date });
      expect(expected).toBeDefined();
      expect(get(["u1", date])).toStrictEqual(expected);
    }
    expect(get(["u1", "2026-03-06"])).toBeUndefined();
  });

  it("reads a key's record with its boolean and timestamp decoded", () => {
    handle.db
      .insert(idempotencyRecord)
      .values({ userId: "u1", key: "k1", operation: "save_measurement", fingerprint: "f", isError: true, outcome: "{}" })
      .run();
    const query = () =>
      handle.db
        .select()
        .from(idempotencyRecord)
        .where(and(eq(idempotencyRecord.userId, sql.placeholder("userId")), eq(idempotencyRecord.key, sql.placeholder("key"))));
    const record = positionalGetOf({ sqlite: handle.sqlite, query: query(), names: ["userId", "key"] })(["u1", "k1"]);
    expect(record).toStrictEqual(query().prepare().get({ userId: "u1", key: "k1" }));
    expect(record).toMatchObject({ isError: true, createdAt: expect.any(Date) });
  });

  it("refuses placeholders named out of order, so a value cannot be bound to the wrong column", () => {
    expect(() => positionalGetOf({ sqlite: handle.sqlite, query: byDate(), names: ["date", "userId"] })).toThrow(/placeholder date/);
  });
});
