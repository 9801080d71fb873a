// The SQLite adapter commits a turn's rows on the turn writer's thread when the database is a file: the event loop is
// free while the commit waits for the write lock and the disk, the rows and the quota count are the ones the main
// thread would have written, and a failure comes back with SQLite's own code.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore, type SqliteStore } from "@/db/sqlite/create-sqlite-store";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import { compileQuotaCount } from "@/db/sqlite/quota-uses";
import { compileTurnRows } from "@/db/sqlite/row-writes";
import { runCompiled } from "@/db/sqlite/compiled-statement";
import { sharedWriteLockOf } from "@/db/sqlite/shared-write-lock";
import { user } from "@/db/sqlite/schema";
import type { QuotaUse } from "@/lib/store/account-store";
import { readWalCommitCount } from "@/scripts/bench/count-wal-commits";
import { turnRows } from "./rows";

const WINDOW_MS = 60_000;
const NOW = 1_800_000_000_000;

let directory: string;
let store: SqliteStore;
let other: DatabaseHandle | undefined;
beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-turn-writer-"));
  store = openSqliteStore(path.join(directory, "store.db"));
  store.handle.db.insert(user).values({ id: "u1", name: "User u1", email: "u1@store.test" }).run();
});
afterEach(async () => {
  await store.close();
  other?.sqlite.close();
  other = undefined;
  fs.rmSync(directory, { recursive: true, force: true });
});

const admit = (limit: number) => store.quotas.admit({ key: "chat:u1", limit, windowMs: WINDOW_MS, now: NOW });
async function admitted(limit: number): Promise<QuotaUse> {
  const admission = await admit(limit);
  if (!admission.allowed) throw new Error("expected the use to be admitted");
  return admission.use;
}
const storedCount = () =>
  (store.handle.sqlite.prepare("select count from usage_window where key = 'chat:u1'").get() as { count: number } | undefined)?.count ?? 0;

describe("the turn writer's thread (SQLite on a file)", () => {
  it("commits on another connection: while this connection holds the write lock the write waits and the event loop runs", async () => {
    const { sqlite } = store.handle;
    sqlite.prepare("BEGIN IMMEDIATE").run();
    let written = false;
    const writing = store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" })).then(() => {
      written = true;
    });
    // On this thread the write would have joined the open transaction at once; on its own connection it must wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toBe(false);
    sqlite.prepare("COMMIT").run();
    await writing;
    expect(sqlite.prepare("select id, outcome, model_requests as modelRequests from turn").all()).toEqual([{ id: "t1", outcome: null, modelRequests: 1 }]);
    expect(sqlite.prepare("select id from message order by seq").all()).toEqual([{ id: "t1-m0" }, { id: "t1-m1" }]);
    expect(sqlite.prepare("select type from trace_event").all()).toEqual([{ type: "turn-start" }]);
  });

  it("writes what the main thread writes: the same rows, upserted by a later write of the same turn", async () => {
    await store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }));
    const ended = turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" });
    await store.turns.writeRows({ ...ended, turn: { ...ended.turn, outcome: "answered", modelRequests: 2, endedAt: new Date(NOW) } });
    const trace = await store.turns.getTrace({ userId: "u1", turnId: "t1" });
    expect(trace).toMatchObject({ outcome: "answered", modelRequests: 2 });
    expect(store.handle.sqlite.prepare("select ended_at as endedAt from turn").get()).toEqual({ endedAt: NOW });
  });

  it("counts the turn's quota use once, with its first commit, and settles it", async () => {
    const use = await admitted(2);
    await store.turns.writeRows({ ...turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }), quotaUse: use });
    await store.turns.writeRows({ ...turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }), quotaUse: use });
    expect(storedCount()).toBe(1);
    // Settled: the one stored use is not also counted as pending.
    expect(await admit(2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await admit(2)).toMatchObject({ allowed: false });
  });

  it("counts a use once while its commit has landed on the other connection and is not settled yet", async () => {
    const use = await admitted(2);
    // What the thread does, done here on a second connection, without the answer that settles the use.
    const quota = compileQuotaCount(store.handle.db, { use, turnId: "t1" });
    if (!quota) throw new Error("expected the use to be counted by this commit");
    other = openDatabase(path.join(directory, "store.db"), { migrate: false });
    const { sqlite } = other;
    sqlite.transaction(() => {
      expect(sqlite.prepare(quota.exists[0]).get(quota.exists[1])).toBeUndefined();
      sqlite.prepare(quota.count[0]).run(quota.count[1]);
      runCompiled(sqlite, compileTurnRows(store.handle.db, turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" })));
    })();
    expect(storedCount()).toBe(1);
    // Stored once and pending once would read 2 and refuse this one.
    expect(await admit(2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await admit(2)).toMatchObject({ allowed: false });
  });

  it("waits while the main thread holds the shared write lock, and goes on when it is released", async () => {
    // The writer (and its lock) exist once the connection has written a turn through it.
    await store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }));
    const lock = sharedWriteLockOf(store.handle.sqlite);
    if (!lock) throw new Error("expected the connection to share a write lock with its turn writer");
    expect(lock.acquire()).toBe(true);
    // Held already by this thread: a nested write does not wait for itself.
    expect(lock.acquire()).toBe(false);
    let written = false;
    const writing = store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c2", turnId: "t2" })).then(() => {
      written = true;
    });
    // No SQLite transaction is open: only the shared lock holds the thread back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toBe(false);
    lock.release();
    await writing;
    expect(store.handle.sqlite.prepare("select id from turn order by id").all()).toEqual([{ id: "t1" }, { id: "t2" }]);
  });

  it("commits the turns handed over while it waited in one transaction, a failing one rolled back alone", async () => {
    await store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }));
    const lock = sharedWriteLockOf(store.handle.sqlite);
    if (!lock) throw new Error("expected the connection to share a write lock with its turn writer");
    const file = path.join(directory, "store.db");
    store.handle.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    expect(lock.acquire()).toBe(true);
    const writes = ["t2", "t3", "t4", "t5"].map((turnId) =>
      store.turns.writeRows(turnRows({ userId: turnId === "t4" ? "nobody" : "u1", conversationId: `c-${turnId}`, turnId })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    lock.release();
    const results = await Promise.allSettled(writes);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
    expect(readWalCommitCount(file)).toBe(1);
    expect(store.handle.sqlite.prepare("select id from turn order by id").pluck().all()).toEqual(["t1", "t2", "t3", "t5"]);
  });

  it("rejects with SQLite's error and code when the transaction fails, and writes nothing of it", async () => {
    const rows = turnRows({ userId: "nobody", conversationId: "c1", turnId: "t1" });
    await expect(store.turns.writeRows(rows)).rejects.toMatchObject({ name: "SqliteError", code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
    expect(store.handle.sqlite.prepare("select count(*) as n from conversation").get()).toEqual({ n: 0 });
    // The thread is still there for the next write.
    await store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c2", turnId: "t2" }));
    expect(store.handle.sqlite.prepare("select id from conversation").all()).toEqual([{ id: "c2" }]);
  });
});
