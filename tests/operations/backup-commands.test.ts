// npm run backup / restore on real files: a checked, self-contained copy; restore refuses while a connection holds the
// database and any file that is not an intact Palestra database; an older backup gets its pending migrations.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readMigrationJournal } from "@/db/sqlite/migration-status";
import { isDatabaseInUse } from "@/db/sqlite/sqlite-backup";
import { runBackupCommand, runRestoreCommand } from "@/scripts/operations/backup-commands";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";
import { measurement } from "@/db/sqlite/schema";

let database: TemporaryDatabase;
let live: string;

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-backup-");
  live = database.file;
  await createTestUser(database.store, { id: "u1" });
  database.handle.db.insert(measurement).values({ userId: "u1", date: "2026-01-01", weightKg: 80 }).run();
});
afterEach(() => database.remove());

const inFolder = (name: string) => path.join(database.directory, name);
const weightsIn = (file: string) => {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.prepare("SELECT date, weight_kg AS weight FROM measurement ORDER BY date").all();
  } finally {
    sqlite.close();
  }
};

describe("npm run backup", () => {
  it("copies the live database, its uncheckpointed WAL included, into one self-contained checked file", async () => {
    expect(fs.statSync(`${live}-wal`).size).toBeGreaterThan(0);
    const answer = await runBackupCommand([inFolder("copy.db")], { databasePath: live });
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout[0]).toMatch(/integrity_check ok/);
    expect(fs.existsSync(inFolder("copy.db-wal"))).toBe(false);
    const copy = new Database(inFolder("copy.db"), { readonly: true });
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    copy.close();
    expect(weightsIn(inFolder("copy.db"))).toEqual([{ date: "2026-01-01", weight: 80 }]);
  });

  it("refuses an existing file, a missing argument, extra arguments and a missing database; prints pg_dump on PostgreSQL", async () => {
    fs.writeFileSync(inFolder("taken.db"), "x");
    expect(await runBackupCommand([inFolder("taken.db")], { databasePath: live })).toMatchObject({
      exitCode: 1,
      stderr: [expect.stringMatching(/already exists/)],
    });
    expect((await runBackupCommand([], { databasePath: live })).exitCode).toBe(2);
    expect((await runBackupCommand(["a", "b"], { databasePath: live })).exitCode).toBe(2);
    expect(await runBackupCommand([inFolder("b.db")], { databasePath: inFolder("none.db") })).toMatchObject({
      exitCode: 1,
      stderr: [expect.stringMatching(/no database/)],
    });
    const postgres = await runBackupCommand(["x.dump"], { databasePath: live, databaseUrl: "postgres://u@h/db" });
    expect(postgres.exitCode).toBe(0);
    expect(postgres.stdout.join("\n")).toContain(`pg_dump --format=custom --file='x.dump' "$DATABASE_URL"`);
  });
});

describe("npm run restore", () => {
  it("refuses while another connection holds the database, and restores once it is closed, keeping the replaced files", async () => {
    await runBackupCommand([inFolder("b.db")], { databasePath: live });
    database.handle.db.insert(measurement).values({ userId: "u1", date: "2026-01-02", weightKg: 81 }).run();
    expect(isDatabaseInUse(live)).toBe(true);
    const refused = await runRestoreCommand([inFolder("b.db")], { databasePath: live });
    expect(refused).toMatchObject({ exitCode: 1, stderr: [expect.stringMatching(/has .* open\. Stop the server/)] });
    expect(weightsIn(live)).toHaveLength(2);
    database.handle.sqlite.close();
    expect(isDatabaseInUse(live)).toBe(false);
    const restored = await runRestoreCommand([inFolder("b.db")], { databasePath: live, now: new Date("2026-12-01T10:00:00Z") });
    expect(restored.exitCode).toBe(0);
    expect(weightsIn(live)).toEqual([{ date: "2026-01-01", weight: 80 }]);
    expect(weightsIn(`${live}.before-restore-2026-12-01T10-00-00.000Z`)).toHaveLength(2);
  });

  it("applies the migrations an older backup lacks", async () => {
    await runBackupCommand([inFolder("old.db")], { databasePath: live });
    const old = new Database(inFolder("old.db"));
    // A backup from before 0004: its column and every later migration's table undone, and their records removed.
    const journal = readMigrationJournal();
    const from = journal.findIndex((entry) => entry.tag === "0004_password_change_required");
    expect(from).toBeGreaterThan(0);
    old.exec(
      `ALTER TABLE measurement DROP COLUMN provenance; DROP TABLE goal; ALTER TABLE message DROP COLUMN untraceable_numbers; DROP TABLE mcp_tool_call; ALTER TABLE user DROP COLUMN password_change_required; DELETE FROM __drizzle_migrations WHERE created_at >= ${journal[from]?.when ?? 0}`,
    );
    old.close();
    database.handle.sqlite.close();
    const restored = await runRestoreCommand([inFolder("old.db")], { databasePath: live });
    expect(restored.stdout[1]).toBe(
      `Applied migrations: ${journal
        .slice(from)
        .map((entry) => entry.tag)
        .join(", ")}.`,
    );
    expect(journal.slice(from).map((entry) => entry.tag)).toEqual([
      "0004_password_change_required",
      "0005_mcp_tool_calls",
      "0006_goals_and_untraceable_numbers",
      "0007_value_provenance",
    ]);
    const sqlite = new Database(live, { readonly: true });
    expect(sqlite.prepare("SELECT password_change_required FROM user").all()).toEqual([{ password_change_required: 0 }]);
    sqlite.close();
  });

  it("refuses a file that is missing, not SQLite, corrupt or not Palestra's, and changes nothing", async () => {
    database.handle.sqlite.close();
    fs.writeFileSync(inFolder("text.db"), "hello, not a database");
    const other = new Database(inFolder("other.db"));
    other.exec("CREATE TABLE notes (x)");
    other.close();
    await runBackupCommand([inFolder("torn.db")], { databasePath: live });
    const torn = fs.readFileSync(inFolder("torn.db"));
    fs.writeFileSync(inFolder("torn.db"), torn.subarray(0, torn.length / 2));
    for (const [file, message] of [
      ["missing.db", /does not exist/],
      ["text.db", /not a SQLite database/],
      ["other.db", /not a Palestra database/],
      ["torn.db", /integrity_check|malformed|disk image/],
    ] as const) {
      const answer = await runRestoreCommand([inFolder(file)], { databasePath: live });
      expect(answer.exitCode, file).toBe(1);
      expect(answer.stderr.join(" "), file).toMatch(message);
    }
    expect(weightsIn(live)).toEqual([{ date: "2026-01-01", weight: 80 }]);
    expect((await runRestoreCommand([], { databasePath: live })).exitCode).toBe(2);
  });
});
