// Migration 0001 rebuilds measurement and idempotency_record without AUTOINCREMENT and drops the created_at index:
// a database created by 0000 with rows in it must keep every row, id and constraint.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";

let folder: string;
const opened: DatabaseHandle[] = [];

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-migration-"));
});

afterEach(() => {
  for (const handle of opened.splice(0)) handle.sqlite.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A migrations folder holding only the first migration, as a database created before 0001 saw it. */
function createInitOnlyMigrations(): string {
  const target = path.join(folder, "drizzle-0000");
  fs.mkdirSync(path.join(target, "meta"), { recursive: true });
  fs.copyFileSync(path.join(process.cwd(), "drizzle", "sqlite", "0000_init.sql"), path.join(target, "0000_init.sql"));
  const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), "drizzle", "sqlite", "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag === "0000_init");
  fs.writeFileSync(path.join(target, "meta", "_journal.json"), JSON.stringify(journal));
  return target;
}

function createDatabaseAtInit(file: string): void {
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = ON");
  migrate(drizzle(sqlite), { migrationsFolder: createInitOnlyMigrations() });
  sqlite.prepare("INSERT INTO user (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test')").run();
  sqlite
    .prepare("INSERT INTO measurement (id, user_id, date, weight_kg, note, created_at, updated_at) VALUES (7, 'u1', '2026-01-02', 80.5, 'kept', 1000, 2000)")
    .run();
  sqlite
    .prepare(
      "INSERT INTO idempotency_record (id, user_id, key, operation, fingerprint, is_error, outcome, created_at) VALUES (9, 'u1', 'k1', 'save_measurement', 'fp', 0, '{\"ok\":true}', 3000)",
    )
    .run();
  sqlite.close();
}

describe("migration 0001 (plain rowids, no purge index)", () => {
  it("keeps every row and id of measurement and idempotency_record", () => {
    const file = path.join(folder, "palestra.db");
    createDatabaseAtInit(file);
    const handle = openDatabase(file);
    opened.push(handle);
    expect(handle.sqlite.prepare("SELECT id, user_id, date, weight_kg, note, created_at, updated_at FROM measurement").all()).toEqual([
      { id: 7, user_id: "u1", date: "2026-01-02", weight_kg: 80.5, note: "kept", created_at: 1000, updated_at: 2000 },
    ]);
    expect(handle.sqlite.prepare("SELECT id, user_id, key, operation, fingerprint, is_error, outcome, created_at FROM idempotency_record").all()).toEqual([
      { id: 9, user_id: "u1", key: "k1", operation: "save_measurement", fingerprint: "fp", is_error: 0, outcome: '{"ok":true}', created_at: 3000 },
    ]);
    expect(handle.sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(handle.sqlite.pragma("foreign_key_check")).toEqual([]);
  });

  it("leaves no AUTOINCREMENT on either table and no created_at index, and keeps the unique indexes", () => {
    const file = path.join(folder, "palestra.db");
    createDatabaseAtInit(file);
    const handle = openDatabase(file);
    opened.push(handle);
    const schemaOf = (name: string) => (handle.sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(name) as { sql: string } | undefined)?.sql;
    expect(schemaOf("measurement")).not.toMatch(/AUTOINCREMENT/i);
    expect(schemaOf("idempotency_record")).not.toMatch(/AUTOINCREMENT/i);
    expect(schemaOf("idempotency_created_at_idx")).toBeUndefined();
    expect(schemaOf("measurement_user_date_unique")).toMatch(/CREATE UNIQUE INDEX/);
    expect(schemaOf("idempotency_user_key_unique")).toMatch(/CREATE UNIQUE INDEX/);
    expect(() => handle.sqlite.prepare("INSERT INTO measurement (user_id, date) VALUES ('u1', '2026-01-02')").run()).toThrow(/UNIQUE/);
  });

  it("keeps the CHECK constraints and the cascade from user on the rebuilt measurement table", () => {
    const file = path.join(folder, "palestra.db");
    createDatabaseAtInit(file);
    const handle = openDatabase(file);
    opened.push(handle);
    expect(() => handle.sqlite.prepare("INSERT INTO measurement (user_id, date, weight_kg) VALUES ('u1', '2026-01-03', 10)").run()).toThrow(
      /measurement_weight_range/,
    );
    expect(() => handle.sqlite.prepare("INSERT INTO measurement (user_id, date) VALUES ('u1', '3 January')").run()).toThrow(/measurement_date_format/);
    expect(() => handle.sqlite.prepare("INSERT INTO measurement (user_id, date) VALUES ('nobody', '2026-01-03')").run()).toThrow(/FOREIGN KEY/);
    handle.sqlite.prepare("DELETE FROM user WHERE id = 'u1'").run();
    expect(handle.sqlite.prepare("SELECT count(*) AS n FROM measurement").get()).toEqual({ n: 0 });
    expect(handle.sqlite.prepare("SELECT count(*) AS n FROM idempotency_record").get()).toEqual({ n: 0 });
  });
});
