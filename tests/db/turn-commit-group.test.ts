// The turn rows' group commit on a real SQLite file: turns that end in the same turn of the event loop share one
// commit, each turn's rows still go in whole or not at all, and a failed BEGIN or COMMIT stores and settles nothing.
import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TurnRows } from "@/lib/store/turn-store";
import { createTestUser } from "../support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "../support/temporary-database";
import { turnRows } from "../store/rows";

/** The commits in the WAL file: frames whose header holds the database size after a commit (zero on other frames). */
function walCommits(file: string): number {
  const wal = fs.readFileSync(`${file}-wal`);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let commits = 0;
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    // A frame left from before the WAL was last restarted carries the old salts and is not part of the log.
    if (wal.readUInt32BE(offset + 8) !== salts[0] || wal.readUInt32BE(offset + 12) !== salts[1]) break;
    if (wal.readUInt32BE(offset + 4) !== 0) commits += 1;
  }
  return commits;
}

const rowsOf = (turnId: string, userId = "u1"): TurnRows => turnRows({ userId, conversationId: `c-${turnId}`, turnId });

describe("the turn rows' group commit", () => {
  let database: TemporaryDatabase;
  const storedTurns = () => database.handle.sqlite.prepare("select id from turn order by id").pluck().all();
  const storedConversations = () => database.handle.sqlite.prepare("select id from conversation order by id").pluck().all();

  beforeEach(async () => {
    database = openTemporaryDatabase();
    await createTestUser(database.store, { id: "u1" });
    // No checkpoint may restart the WAL while a test counts its commits.
    database.handle.sqlite.pragma("wal_autocheckpoint = 0");
  });
  afterEach(() => database.remove());

  it("commits the turns written in the same tick once, and turns written one after another once each", async () => {
    const before = walCommits(database.file);
    await Promise.all(["t1", "t2", "t3"].map((id) => database.store.turns.writeRows(rowsOf(id))));
    expect(walCommits(database.file) - before).toBe(1);
    for (const id of ["t4", "t5", "t6"]) await database.store.turns.writeRows(rowsOf(id));
    expect(walCommits(database.file) - before).toBe(4);
    expect(storedTurns()).toEqual(["t1", "t2", "t3", "t4", "t5", "t6"]);
  });

  it("rolls back a turn whose rows fail, and only that turn: its conversation goes with it", async () => {
    const results = await Promise.allSettled([
      database.store.turns.writeRows(rowsOf("t1")),
      database.store.turns.writeRows(rowsOf("t2", "nobody")),
      database.store.turns.writeRows(rowsOf("t3")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(storedTurns()).toEqual(["t1", "t3"]);
    expect(storedConversations()).toEqual(["c-t1", "c-t3"]);
  });

  it("rejects every turn of the group and stores none when COMMIT fails", async () => {
    // Deferred, the unknown account is found at COMMIT instead of at the turn's own statement.
    database.handle.sqlite.pragma("defer_foreign_keys = ON");
    const results = await Promise.allSettled([database.store.turns.writeRows(rowsOf("t1")), database.store.turns.writeRows(rowsOf("t2", "nobody"))]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(storedTurns()).toEqual([]);
    expect(database.handle.sqlite.inTransaction).toBe(false);
    await database.store.turns.writeRows(rowsOf("t3"));
    expect(storedTurns()).toEqual(["t3"]);
  });

  it("rejects every turn of the group when BEGIN finds the database locked, and commits again once it is free", async () => {
    const other = database.reopen();
    database.handle.sqlite.pragma("busy_timeout = 20");
    other.sqlite.prepare("BEGIN IMMEDIATE").run();
    const results = await Promise.allSettled([database.store.turns.writeRows(rowsOf("t1")), database.store.turns.writeRows(rowsOf("t2"))]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
    other.sqlite.prepare("ROLLBACK").run();
    await database.store.turns.writeRows(rowsOf("t1"));
    expect(storedTurns()).toEqual(["t1"]);
  });

  it("writes the other turns again when one turn fills the database and SQLite ends the whole transaction", async () => {
    const sqlite = database.handle.sqlite;
    await database.store.turns.writeRows(rowsOf("t0"));
    const pages = sqlite.pragma("page_count", { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages + 4}`);
    const large = rowsOf("t2");
    large.messages = large.messages.map((message) => ({ ...message, content: "x".repeat(200_000) }));
    const results = await Promise.allSettled([
      database.store.turns.writeRows(rowsOf("t1")),
      database.store.turns.writeRows(large),
      database.store.turns.writeRows(rowsOf("t3")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/full/i);
    expect(storedTurns()).toEqual(["t0", "t1", "t3"]);
  });
});
