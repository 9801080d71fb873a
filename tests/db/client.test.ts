import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyPragmas, BUSY_TIMEOUT_MS, DatabasePragmaError, openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";

let folder: string;
const opened: DatabaseHandle[] = [];

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-db-"));
});

afterEach(() => {
  for (const handle of opened.splice(0)) handle.sqlite.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("openDatabase", () => {
  it("sets and keeps WAL, synchronous=FULL, foreign keys and the busy timeout on a file database", () => {
    const handle = openDatabase(path.join(folder, "nested", "palestra.db"));
    opened.push(handle);
    expect(handle.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(handle.sqlite.pragma("synchronous", { simple: true })).toBe(2);
    expect(handle.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(handle.sqlite.pragma("busy_timeout", { simple: true })).toBe(BUSY_TIMEOUT_MS);
  });

  it("applies the migrations so every table exists", () => {
    const handle = openDatabase(path.join(folder, "palestra.db"));
    opened.push(handle);
    const tables = handle.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(["user", "session", "account", "verification", "rate_limit", "measurement", "idempotency_record"]));
  });

  it("throws DatabasePragmaError when the file cannot be put in WAL mode", () => {
    // An empty name is SQLite's private temporary database, which refuses WAL and stays in "delete" mode.
    expect(() => openDatabase("")).toThrow(DatabasePragmaError);
    expect(() => openDatabase("")).toThrow("PRAGMA journal_mode is delete, expected wal");
  });
});

describe("applyPragmas", () => {
  it("reads every pragma back and refuses a connection that does not hold the expected value", () => {
    // SQLite keeps an in-memory database in "memory" journal mode whatever is asked: the read-back must catch it.
    const sqlite = new Database(":memory:");
    try {
      expect(() => applyPragmas(sqlite, { inMemory: false })).toThrow(DatabasePragmaError);
      expect(() => applyPragmas(sqlite, { inMemory: true })).not.toThrow();
    } finally {
      sqlite.close();
    }
  });
});
