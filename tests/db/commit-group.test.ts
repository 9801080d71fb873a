// Group commit (db/sqlite/commit-group.mjs, what the turn writer's thread runs) on a real SQLite file: many turns'
// rows in one commit, each turn's rows still in whole or not at all, and a failed BEGIN or COMMIT stores nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitGroup } from "@/db/sqlite/commit-group.mjs";
import { writeTurnRows } from "@/db/sqlite/row-writes";
import type { TurnRows } from "@/lib/store/turn-store";
import { readWalCommitCount as walCommits } from "@/scripts/bench/count-wal-commits";
import { createTestUser } from "../support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "../support/temporary-database";
import { turnRows } from "../store/rows";

const rowsOf = (turnId: string, userId = "u1"): TurnRows => turnRows({ userId, conversationId: `c-${turnId}`, turnId });

describe("group commit of turn rows", () => {
  let database: TemporaryDatabase;
  const storedTurns = () => database.handle.sqlite.prepare("select id from turn order by id").pluck().all();
  const storedConversations = () => database.handle.sqlite.prepare("select id from conversation order by id").pluck().all();

  let writes = 0;
  /** Commits `members` as one group on the test's connection; each turn's end, in order: "committed" or "phase: error". */
  function commit(members: TurnRows[]): Array<"committed" | string> {
    const ends = new Map<TurnRows, "committed" | string>();
    commitGroup(database.handle.sqlite, members, {
      write: (rows) => {
        writes += 1;
        return writeTurnRows(database.handle, rows);
      },
      committed: (rows) => {
        expect(ends.has(rows)).toBe(false);
        ends.set(rows, "committed");
      },
      failed: (rows, error, phase) => {
        expect(ends.has(rows)).toBe(false);
        ends.set(rows, `${phase}: ${String(error)}`);
      },
    });
    return members.map((rows) => ends.get(rows) ?? "no answer");
  }

  beforeEach(async () => {
    writes = 0;
    database = openTemporaryDatabase();
    await createTestUser(database.store, { id: "u1" });
    // No checkpoint may restart the WAL while a test counts its commits.
    database.handle.sqlite.pragma("wal_autocheckpoint = 0");
  });
  afterEach(() => database.remove());

  it("commits a group of turns once, and each turn alone once", () => {
    const before = walCommits(database.file);
    expect(commit(["t1", "t2", "t3"].map((id) => rowsOf(id)))).toEqual(["committed", "committed", "committed"]);
    expect(walCommits(database.file) - before).toBe(1);
    for (const id of ["t4", "t5"]) commit([rowsOf(id)]);
    expect(walCommits(database.file) - before).toBe(3);
    expect(storedTurns()).toEqual(["t1", "t2", "t3", "t4", "t5"]);
  });

  it("rolls back a turn whose rows fail, and only that turn: its conversation and turn rows go with it", () => {
    // Its conversation and turn rows are written before its message names a conversation that does not exist.
    const failing = rowsOf("t2");
    failing.messages = failing.messages.map((message) => ({ ...message, conversationId: "no-such-conversation" }));
    const before = walCommits(database.file);
    const ends = commit([rowsOf("t1"), failing, rowsOf("t3")]);
    expect(ends).toEqual(["committed", expect.stringMatching(/^body: .*FOREIGN KEY/), "committed"]);
    expect(storedTurns()).toEqual(["t1", "t3"]);
    expect(storedConversations()).toEqual(["c-t1", "c-t3"]);
    // Undone in its savepoint: the others were written once, in the one commit.
    expect(writes).toBe(3);
    expect(walCommits(database.file) - before).toBe(1);
  });

  it("fails every turn of the group and stores none when COMMIT fails", () => {
    // Deferred, the unknown account is found at COMMIT instead of at the turn's own statement.
    database.handle.sqlite.pragma("defer_foreign_keys = ON");
    expect(commit([rowsOf("t1"), rowsOf("t2", "nobody")])).toEqual([
      expect.stringMatching(/^commit: .*FOREIGN KEY/),
      expect.stringMatching(/^commit: .*FOREIGN KEY/),
    ]);
    expect(storedTurns()).toEqual([]);
    expect(database.handle.sqlite.inTransaction).toBe(false);
    expect(commit([rowsOf("t3")])).toEqual(["committed"]);
    expect(storedTurns()).toEqual(["t3"]);
  });

  it("fails every turn of the group when BEGIN finds the database locked, and commits again once it is free", () => {
    const other = database.reopen();
    database.handle.sqlite.pragma("busy_timeout = 20");
    other.sqlite.prepare("BEGIN IMMEDIATE").run();
    expect(commit([rowsOf("t1"), rowsOf("t2")])).toEqual([
      expect.stringMatching(/^begin: .*(locked|busy)/i),
      expect.stringMatching(/^begin: .*(locked|busy)/i),
    ]);
    other.sqlite.prepare("ROLLBACK").run();
    expect(commit([rowsOf("t1")])).toEqual(["committed"]);
    expect(storedTurns()).toEqual(["t1"]);
  });

  it("writes the other turns again when one turn fills the database and SQLite ends the whole transaction", () => {
    const sqlite = database.handle.sqlite;
    commit([rowsOf("t0")]);
    const pages = sqlite.pragma("page_count", { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages + 4}`);
    const large = rowsOf("t2");
    large.messages = large.messages.map((message) => ({ ...message, content: "x".repeat(200_000) }));
    expect(commit([rowsOf("t1"), large, rowsOf("t3")])).toEqual(["committed", expect.stringMatching(/^body: .*full/i), "committed"]);
    expect(storedTurns()).toEqual(["t0", "t1", "t3"]);
    expect(sqlite.inTransaction).toBe(false);
  });
});
