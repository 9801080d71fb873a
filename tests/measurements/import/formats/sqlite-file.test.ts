// The page's own SQLite reader (no SQLite in a browser) against files SQLite itself wrote: every row and value as
// better-sqlite3 reads them, across b-tree depths, page sizes, overflow pages, text encodings and added columns; and
// Health Connect read through it gives what the server's reading gives.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHealthConnectExport } from "@/db/health-connect/read-health-connect-export";
import { createHealthConnectParser } from "@/lib/measurements/import/formats/health-connect-archive";
import { createMemoryStaging, createStagedHealthConnectParser } from "@/lib/measurements/import/formats/health-connect-staged";
import { SqliteFile, SqliteFormatError, type ByteSource } from "@/lib/measurements/import/formats/sqlite-file";
import { columnsOfCreateTable } from "@/lib/measurements/import/formats/sqlite-schema";
import { healthConnectZip, writeLargeHealthConnectExport } from "./format-fixtures";
import { readWith } from "./read-formats";

let folder: string;
beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-sqlite-test-"))));
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Reads by offset from the file on disk, counting the bytes asked for. */
function sourceOf(file: string): ByteSource & { bytesRead: number } {
  const bytes = fs.readFileSync(file);
  const source = {
    size: bytes.length,
    bytesRead: 0,
    read(offset: number, length: number) {
      source.bytesRead += length;
      return new Uint8Array(bytes.subarray(offset, offset + length));
    },
  };
  return source;
}

function build(setup: (database: Database.Database) => void, pragmas: string[] = []): string {
  const file = path.join(folder, `t-${Math.random().toString(36).slice(2)}.db`);
  const database = new Database(file);
  for (const pragma of pragmas) database.pragma(pragma);
  setup(database);
  database.close();
  return file;
}

const sqliteRows = (file: string, table: string) => {
  const database = new Database(file, { readonly: true });
  const rows = database.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Array<Record<string, unknown>>;
  database.close();
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Buffer.isBuffer(value) ? new Uint8Array(value) : value])));
};

describe("SqliteFile", () => {
  it.each([512, 4096, 65536])("reads every row of a three-level table as SQLite does (page size %i)", (pageSize) => {
    const file = build(
      (database) => {
        database.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, small INTEGER, big INTEGER, negative INTEGER, real REAL, label TEXT, data BLOB, empty)");
        const insert = database.prepare("INSERT INTO t (small, big, negative, real, label, data, empty) VALUES (?, ?, ?, ?, ?, ?, NULL)");
        database.transaction(() => {
          for (let index = 0; index < 20_000; index += 1)
            insert.run(index % 2, 1_700_000_000_000 + index, -index * 1000, index / 7, `línea ${index}`, Buffer.from([index % 256, 1, 2]));
        })();
      },
      [`page_size = ${pageSize}`],
    );
    const rows = [...(new SqliteFile(sourceOf(file)).rows("t") ?? [])].map((row) => row.values);
    expect(rows).toEqual(sqliteRows(file, "t"));
  });

  it("follows overflow pages of text and blobs larger than a page", () => {
    const file = build(
      (database) => {
        database.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, picture BLOB)");
        const insert = database.prepare("INSERT INTO notes (body, picture) VALUES (?, ?)");
        for (const size of [10, 470, 480, 1000, 5000, 70_000]) insert.run("ñ".repeat(size), Buffer.alloc(size * 3, size % 251));
      },
      ["page_size = 1024"],
    );
    expect([...(new SqliteFile(sourceOf(file)).rows("notes") ?? [])].map((row) => row.values)).toEqual(sqliteRows(file, "notes"));
  });

  it("reads UTF-16 text, a column added after rows were written as NULL, and a table without a rowid alias by rowid", () => {
    const file = build(
      (database) => {
        database.exec('CREATE TABLE "odd name" ([first col] TEXT, `second` INT PRIMARY KEY, third REAL)');
        database.prepare('INSERT INTO "odd name" VALUES (?, ?, ?)').run("Ação", 7, 1.5);
        database.exec('ALTER TABLE "odd name" ADD COLUMN later TEXT');
        database.prepare('INSERT INTO "odd name" VALUES (?, ?, ?, ?)').run("zwei", 8, null, "yes");
      },
      ["encoding = 'UTF-16le'"],
    );
    const rows = [...(new SqliteFile(sourceOf(file)).rows("odd name") ?? [])];
    expect(rows.map((row) => row.values)).toEqual(sqliteRows(file, '"odd name"'));
    expect(rows.map((row) => row.rowId)).toEqual([1, 2]);
  });

  it("refuses bytes that are not an SQLite file, and answers null for a table it does not have", () => {
    const text = new TextEncoder().encode("date,weight\n".repeat(20));
    expect(() => new SqliteFile({ size: text.length, read: (offset, length) => text.subarray(offset, offset + length) })).toThrow(SqliteFormatError);
    const file = build((database) => database.exec("CREATE TABLE a (x)"));
    expect(new SqliteFile(sourceOf(file)).rows("b")).toBeNull();
  });

  it("finds the rowid alias as SQLite does", () => {
    expect(columnsOfCreateTable("CREATE TABLE a (`row_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `b` TEXT)")).toEqual({
      columns: ["row_id", "b"],
      rowIdAlias: "row_id",
    });
    expect(columnsOfCreateTable("CREATE TABLE a (id INTEGER NOT NULL, b TEXT, PRIMARY KEY (id))")).toEqual({ columns: ["id", "b"], rowIdAlias: "id" });
    expect(columnsOfCreateTable("CREATE TABLE a (id INT PRIMARY KEY, b DECIMAL(5, 2))")).toEqual({ columns: ["id", "b"], rowIdAlias: null });
    expect(columnsOfCreateTable("CREATE TABLE a (id INTEGER PRIMARY KEY DESC, b)")).toEqual({ columns: ["id", "b"], rowIdAlias: null });
    expect(columnsOfCreateTable("CREATE TABLE a (id INTEGER PRIMARY KEY, b) WITHOUT ROWID")).toBeNull();
  });
});

describe("Health Connect through the page's reader", () => {
  it("gives the same days, values and provenance as the server's SQLite, the small fixture and a large export alike", async () => {
    const { file } = writeLargeHealthConnectExport({ folder, days: 400, databaseBytes: 2_000_000 });
    for (const bytes of [healthConnectZip(), new Uint8Array(fs.readFileSync(file))]) {
      const staged = await readWith(createStagedHealthConnectParser(createMemoryStaging()), bytes, { chunkSize: 100_003 });
      const server = await readWith(createHealthConnectParser(readHealthConnectExport), bytes, { chunkSize: 100_003 });
      expect(staged.ok).toBe(true);
      expect(staged).toEqual(server);
    }
  });

  it("reads only the pages of the tables it needs, not the rest of the export", () => {
    const { file } = writeLargeHealthConnectExport({ folder, days: 30, databaseBytes: 4_000_000 });
    const staging = createMemoryStaging();
    const zipped = fs.readFileSync(file);
    const parser = createStagedHealthConnectParser({ ...staging, source: () => (counted = wrap(staging.source())) });
    let counted: ByteSource & { bytesRead: number } = { size: 0, bytesRead: 0, read: () => new Uint8Array(0) };
    const wrap = (source: ByteSource) => {
      const wrapped = {
        size: source.size,
        bytesRead: 0,
        read: (offset: number, length: number) => ((wrapped.bytesRead += length), source.read(offset, length)),
      };
      return wrapped;
    };
    parser.push(new Uint8Array(zipped));
    expect(parser.end().filter((item) => "reading" in item)).toHaveLength(33);
    expect(counted.size).toBeGreaterThan(4_000_000);
    expect(counted.bytesRead).toBeLessThan(64 * 1024);
  });

  it("answers a file that is not a database as not an export, as the server does", async () => {
    const notDatabase = new TextEncoder().encode("x".repeat(5000));
    expect(await readWith(createStagedHealthConnectParser(createMemoryStaging()), notDatabase)).toEqual({
      ok: false,
      problems: [{ code: "archive_invalid", expected: "Health Connect's .db file", line: 0 }],
    });
  });
});
