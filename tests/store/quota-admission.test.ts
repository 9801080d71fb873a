// The store contract for the chat quota's admitted uses, written against the port only: on every adapter a use is
// counted exactly once; on SQLite it is admitted without a commit and counted by the turn's first commit (its own or
// the save's).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { QuotaUse } from "@/lib/store/account-store";
import { turnRows, weight, writeCall } from "./rows";
import { storeAdapters, type OpenedStore, type StoreAdapter } from "./store-adapters";

const WINDOW_MS = 60_000;
const START = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW_MS);

function defineQuotaTests(adapter: StoreAdapter, tests: "shared" | "sqlite"): void {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
  });
  afterEach(() => opened.close());

  const admit = (options: { limit: number; now?: number; key?: string }) =>
    opened.store.quotas.admit({ key: options.key ?? "chat:u1", limit: options.limit, windowMs: WINDOW_MS, now: options.now ?? START + 1 });

  async function admitted(options: { limit: number; now?: number }): Promise<QuotaUse> {
    const admission = await admit(options);
    if (!admission.allowed) throw new Error("expected the use to be admitted");
    return admission.use;
  }

  /** The stored count of the window holding `now`, read through consume with a limit it cannot reach (and then undone by reading it first). */
  async function storedCount(now = START + 2): Promise<number> {
    // A fresh key per read would not see the count: consume once on the real key with a huge limit, and subtract it.
    const decision = await opened.store.quotas.consume({ key: "chat:u1", limit: 1_000_000, windowMs: WINDOW_MS, now });
    if (!decision.allowed) throw new Error("unreachable");
    return 1_000_000 - decision.remaining - 1;
  }

  const rowsOf = (turnId: string, use: QuotaUse) => ({ ...turnRows({ userId: "u1", conversationId: `c-${turnId}`, turnId }), quotaUse: use });

  if (tests === "shared") {
    it("admits up to the limit and refuses past it with the seconds left in the window", async () => {
      const first = await admit({ limit: 2 });
      const second = await admit({ limit: 2 });
      expect(first).toMatchObject({ allowed: true, remaining: 1 });
      expect(second).toMatchObject({ allowed: true, remaining: 0 });
      expect(await admit({ limit: 2, now: START + 20_000 })).toEqual({ allowed: false, retryAfterSeconds: 40 });
    });

    it("counts a use once, with the turn's first write, however often the turn is written", async () => {
      const use = await admitted({ limit: 2 });
      await opened.store.turns.writeRows(rowsOf("t1", use));
      expect(await storedCount()).toBe(1);
      await opened.store.turns.writeRows(rowsOf("t1", use));
      await opened.store.quotas.release(use);
      await opened.store.turns.writeRows(rowsOf("t1", use));
      // storedCount itself consumed one use: 1 counted by the turn + 1 by the read = 2.
      expect(await storedCount()).toBe(2);
    });

    it("keeps the limit exact across a use counted and one still open", async () => {
      const committed = await admitted({ limit: 2 });
      await opened.store.turns.writeRows(rowsOf("t1", committed));
      await opened.store.quotas.release(committed);
      await admitted({ limit: 2 });
      expect(await admit({ limit: 2 })).toMatchObject({ allowed: false });
    });

    it("counts the use in the save's own transaction, and not again at the turn's end", async () => {
      const use = await admitted({ limit: 5 });
      const rows = {
        ...turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" })] }),
        quotaUse: use,
      };
      const saved = await opened.store.measurements.saveIdempotent({
        userId: "u1",
        key: "k1",
        operation: "op",
        fingerprint: "f",
        date: "2026-03-04",
        decide: () => ({
          change: { kind: "insert", values: weight(70), note: null, at: new Date(START) },
          outcome: { isError: false, content: "{}" },
          value: null,
        }),
        alsoWrite: () => rows,
      });
      expect(saved.status).toBe("committed");
      expect(await storedCount()).toBe(1);
      await opened.store.turns.writeRows(rows);
      await opened.store.quotas.release(use);
      expect(await storedCount()).toBe(2);
    });

    it("counts a late use into the window it was admitted in, never into a newer one", async () => {
      const late = await admitted({ limit: 5, now: START + 59_000 });
      const next = await admitted({ limit: 5, now: START + WINDOW_MS + 1 });
      await opened.store.turns.writeRows(rowsOf("t-next", next));
      await opened.store.turns.writeRows(rowsOf("t-late", late));
      expect(await storedCount(START + WINDOW_MS + 2)).toBe(1);
    });
    return;
  }
  it("admits without writing anything: the uses wait for the turn's first commit", async () => {
    await admit({ limit: 2 });
    await admit({ limit: 2 });
    expect(await admit({ limit: 2 })).toMatchObject({ allowed: false });
    expect(await storedCount()).toBe(0);
  });

  it("frees the slot of a released use that no commit counted", async () => {
    const use = await admitted({ limit: 1 });
    expect(await admit({ limit: 1 })).toMatchObject({ allowed: false });
    await opened.store.quotas.release(use);
    expect(await admit({ limit: 1 })).toMatchObject({ allowed: true, remaining: 0 });
    // A released use is not counted by a late write either.
    await opened.store.turns.writeRows(rowsOf("t1", use));
    expect(await storedCount()).toBe(0);
  });

  it("leaves the use to the turn's end when the save rolled back, and counts it once after an uncertain commit", async () => {
    const rolledBack = await admitted({ limit: 5 });
    const saveWith = (key: string, turnId: string, use: QuotaUse, hooks: { beforeBody?: () => void; afterCommit?: () => void }) =>
      opened.store.measurements.saveIdempotent({
        userId: "u1",
        key,
        operation: "op",
        fingerprint: "f",
        date: `2026-03-0${key.length}`,
        decide: () => ({
          change: { kind: "insert", values: weight(70), note: null, at: new Date(START) },
          outcome: { isError: false, content: "{}" },
          value: null,
        }),
        alsoWrite: () => rowsOf(turnId, use),
        hooks,
      });
    const failed = await saveWith("k", "t1", rolledBack, {
      beforeBody: () => {
        throw new Error("injected");
      },
    });
    expect(failed.status).toBe("failed");
    expect(await storedCount()).toBe(0);
    await opened.store.turns.writeRows(rowsOf("t1", rolledBack));
    expect(await storedCount()).toBe(2); // the turn's end counted it, plus the read's own use

    const uncertain = await admitted({ limit: 5 });
    const lost = await saveWith("kk", "t2", uncertain, {
      afterCommit: () => {
        throw new Error("acknowledgement lost");
      },
    });
    expect(lost.status).toBe("uncertain");
    await opened.store.turns.writeRows(rowsOf("t2", uncertain));
    await opened.store.quotas.release(uncertain);
    expect(await storedCount()).toBe(4); // 2 before, the uncertain save's commit once, the read's own use
  });
}

describe.each(storeAdapters)("the $name store: quota uses, counted exactly once", (adapter) => defineQuotaTests(adapter, "shared"));

// SQLite folds an admitted use into the turn's first commit (one server process per SQLite file, so its account of
// the uses admitted and not yet committed is exact). PostgreSQL's instances share the quota, so its admit commits the
// use at once (scale-out.md §3: nothing per process): tests/postgres/postgres-quota.test.ts.
describe.each(storeAdapters.filter((adapter) => adapter.name === "sqlite"))("the $name store: quota uses folded into the turn's first commit", (adapter) =>
  defineQuotaTests(adapter, "sqlite"),
);
