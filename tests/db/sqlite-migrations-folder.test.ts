// The SQLite migrations moved from drizzle/ to drizzle/sqlite/ unchanged: drizzle's migrator records each applied
// migration by its journal timestamp and content hash, not its path, so a database migrated before the move must
// open without any migration running again.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/sqlite/open-database";

let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-moved-migrations-"));
});

afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("the SQLite migrations folder", () => {
  it("opens a database migrated from the folder's old place without running any migration again", () => {
    const oldFolder = path.join(folder, "drizzle");
    fs.cpSync(path.join(process.cwd(), "drizzle", "sqlite"), oldFolder, { recursive: true });
    const file = path.join(folder, "palestra.db");
    const sqlite = new Database(file);
    migrate(drizzle(sqlite), { migrationsFolder: oldFolder });
    sqlite.prepare("INSERT INTO user (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test')").run();
    const recorded = sqlite.prepare("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id").all();
    sqlite.close();

    const handle = openDatabase(file);
    try {
      expect(handle.sqlite.prepare("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id").all()).toEqual(recorded);
      expect(handle.sqlite.prepare("SELECT email FROM user").all()).toEqual([{ email: "ada@example.test" }]);
    } finally {
      handle.sqlite.close();
    }
    const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), "drizzle", "sqlite", "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    const expected = journal.entries.map((entry) => ({
      hash: crypto
        .createHash("sha256")
        .update(fs.readFileSync(path.join(process.cwd(), "drizzle", "sqlite", `${entry.tag}.sql`), "utf8"))
        .digest("hex"),
      created_at: entry.when,
    }));
    expect(recorded).toEqual(expected);
  });
});
