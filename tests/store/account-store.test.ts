// The store contract for accounts, quotas and QA faults, written against the port only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, turnRows, weight, writeCall } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: accounts, quotas and faults", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
  });
  afterEach(() => opened.close());

  async function seed(userId: string): Promise<void> {
    await opened.createUser(userId);
    await opened.store.measurements.saveIdempotent({
      userId,
      key: `${userId}-k`,
      operation: "op",
      fingerprint: "f",
      date: "2026-03-04",
      decide: () => ({ change: { kind: "insert", values: weight(70), note: null, at: at(0) }, outcome: { isError: false, content: "{}" }, value: null }),
      alsoWrite: () =>
        turnRows({
          userId,
          conversationId: `${userId}-c`,
          turnId: `${userId}-t`,
          toolCalls: [writeCall({ userId, turnId: `${userId}-t`, id: `${userId}-tc`, key: `${userId}-k` })],
        }),
    });
    await opened.store.faults.arm({ userId, target: "read", mode: "slow", remaining: null });
  }

  it("counts users and tells whether one exists", async () => {
    expect(await opened.store.accounts.countUsers()).toBe(0);
    await opened.createUser("u1");
    await opened.createUser("u2");
    expect(await opened.store.accounts.countUsers()).toBe(2);
    expect(await opened.store.accounts.userExists({ userId: "u1" })).toBe(true);
    expect(await opened.store.accounts.userExists({ userId: "nobody" })).toBe(false);
  });

  it("exports everything of one user and nothing of another", async () => {
    await seed("u1");
    await seed("u2");
    const data = await opened.store.accounts.exportData({ userId: "u1" });
    expect(data.user).toMatchObject({ id: "u1", email: "u1@store.test" });
    expect(data.measurements.map((row) => [row.userId, row.date, row.weightKg])).toEqual([["u1", "2026-03-04", 70]]);
    expect(data.conversations.map((row) => row.id)).toEqual(["u1-c"]);
    expect(data.turns.map((row) => row.id)).toEqual(["u1-t"]);
    expect(data.messages.map((row) => row.id)).toEqual(["u1-t-m0", "u1-t-m1"]);
    expect(data.toolCalls.map((row) => row.id)).toEqual(["u1-tc"]);
    expect(data.traceEvents.map((row) => row.turnId)).toEqual(["u1-t"]);
    expect(data.idempotencyRecords.map((row) => row.key)).toEqual(["u1-k"]);
    expect(data.faults.map((row) => row.mode)).toEqual(["slow"]);
  });

  it("reads the account of an unexpired session by its token, with the flags the bearer check needs", async () => {
    await opened.createUser("u1");
    await opened.createUser("u2");
    const now = new Date("2026-03-04T10:00:00.000Z");
    const expiresAt = new Date(now.getTime() + 60_000);
    await opened.createSession({ userId: "u1", token: "t-u1", expiresAt });
    await opened.createSession({ userId: "u2", token: "t-u2", expiresAt, passwordChangeRequired: true, banned: true });
    await opened.createSession({ userId: "u1", token: "t-expired", expiresAt: now });
    expect(await opened.store.accounts.findSessionAccount({ token: "t-u1", now })).toEqual({
      id: "u1",
      email: "u1@store.test",
      name: "User u1",
      units: "metric",
      passwordChangeRequired: false,
      banned: false,
      sessionExpiresAt: expiresAt,
    });
    expect(await opened.store.accounts.findSessionAccount({ token: "t-u2", now })).toMatchObject({ id: "u2", passwordChangeRequired: true, banned: true });
    // Expired at `now` exactly, unknown, or read after its expiry: no account.
    expect(await opened.store.accounts.findSessionAccount({ token: "t-expired", now })).toBeUndefined();
    expect(await opened.store.accounts.findSessionAccount({ token: "nobody", now })).toBeUndefined();
    expect(await opened.store.accounts.findSessionAccount({ token: "t-u1", now: expiresAt })).toBeUndefined();
  });

  it("reports the database migrated by this build: nothing pending, not newer", async () => {
    expect(await opened.store.migrationStatus()).toEqual({ pending: [], newerThanBuild: false });
  });

  it("deletes a user with every row of theirs and the given quota rows, leaving others untouched", async () => {
    await seed("u1");
    await seed("u2");
    const now = 1_800_000_000_000;
    await opened.store.quotas.consume({ key: "chat:u1", limit: 1, windowMs: 60_000, now });
    await opened.store.quotas.consume({ key: "chat:u2", limit: 1, windowMs: 60_000, now });
    expect(await opened.store.accounts.deleteUser({ userId: "u1", quotaKeys: ["chat:u1"] })).toEqual({ deleted: true });
    expect(await opened.store.accounts.userExists({ userId: "u1" })).toBe(false);
    expect(await opened.store.measurements.listAll({ userId: "u1" })).toEqual([]);
    expect(await opened.store.idempotency.find({ userId: "u1", key: "u1-k" })).toBeUndefined();
    expect(await opened.store.conversations.history({ conversationId: "u1-c" })).toEqual({ messages: [], toolCalls: [] });
    expect(await opened.store.faults.list({ userId: "u1" })).toEqual([]);
    // The deleted user's quota row is gone (a fresh window), the other user's is still counted.
    expect(await opened.store.quotas.consume({ key: "chat:u1", limit: 1, windowMs: 60_000, now })).toEqual({ allowed: true, remaining: 0 });
    expect(await opened.store.quotas.consume({ key: "chat:u2", limit: 1, windowMs: 60_000, now })).toMatchObject({ allowed: false });
    expect((await opened.store.accounts.exportData({ userId: "u2" })).measurements).toHaveLength(1);
    expect(await opened.store.accounts.deleteUser({ userId: "u1", quotaKeys: [] })).toEqual({ deleted: false });
  });

  it("counts uses in a fixed window, refuses past the limit with the seconds left, and starts again in the next window", async () => {
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    const options = { key: "chat:u1", limit: 2, windowMs: 60_000 };
    expect(await opened.store.quotas.consume({ ...options, now: start + 1 })).toEqual({ allowed: true, remaining: 1 });
    expect(await opened.store.quotas.consume({ ...options, now: start + 2 })).toEqual({ allowed: true, remaining: 0 });
    expect(await opened.store.quotas.consume({ ...options, now: start + 20_000 })).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await opened.store.quotas.consume({ ...options, now: start + 60_000 })).toEqual({ allowed: true, remaining: 1 });
    expect(await opened.store.quotas.consume({ ...options, key: "other", now: start + 60_000 })).toEqual({ allowed: true, remaining: 1 });
  });

  it("arms, lists and clears a user's faults, never another user's", async () => {
    await opened.createUser("u1");
    await opened.createUser("u2");
    const armed = await opened.store.faults.arm({ userId: "u1", target: "write", mode: "lost_ack", remaining: 2 });
    expect(armed).toMatchObject({ userId: "u1", target: "write", mode: "lost_ack", remaining: 2 });
    await opened.store.faults.arm({ userId: "u1", target: "read", mode: "unavailable", remaining: null });
    expect((await opened.store.faults.list({ userId: "u1" })).map((row) => row.mode)).toEqual(["lost_ack", "unavailable"]);
    expect(await opened.store.faults.clear({ userId: "u2", id: armed.id })).toBe(0);
    expect(await opened.store.faults.clear({ userId: "u1", id: armed.id })).toBe(1);
    expect(await opened.store.faults.clear({ userId: "u1" })).toBe(1);
    expect(await opened.store.faults.list({ userId: "u1" })).toEqual([]);
  });

  it("takes one attempt from every armed fault of the target: counted ones count down and go at zero", async () => {
    await opened.createUser("u1");
    await opened.store.faults.arm({ userId: "u1", target: "write", mode: "fail_before_commit", remaining: 2 });
    await opened.store.faults.arm({ userId: "u1", target: "write", mode: "slow", remaining: null });
    await opened.store.faults.arm({ userId: "u1", target: "read", mode: "transient", remaining: 1 });
    expect((await opened.store.faults.consumeAttempt({ userId: "u1", target: "write" })).sort()).toEqual(["fail_before_commit", "slow"]);
    expect((await opened.store.faults.list({ userId: "u1" })).map((row) => [row.mode, row.remaining])).toEqual([
      ["fail_before_commit", 1],
      ["slow", null],
      ["transient", 1],
    ]);
    expect((await opened.store.faults.consumeAttempt({ userId: "u1", target: "write" })).sort()).toEqual(["fail_before_commit", "slow"]);
    expect(await opened.store.faults.consumeAttempt({ userId: "u1", target: "write" })).toEqual(["slow"]);
    expect(await opened.store.faults.consumeAttempt({ userId: "u1", target: "read" })).toEqual(["transient"]);
    expect(await opened.store.faults.consumeAttempt({ userId: "u1", target: "read" })).toEqual([]);
  });
  it("gives back one counted use of the current window, never below zero and never into a window that has passed", async () => {
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    const options = { key: "password:account:u1", limit: 2, windowMs: 60_000 };
    await opened.store.quotas.consume({ ...options, now: start + 1 });
    await opened.store.quotas.consume({ ...options, now: start + 2 });
    await opened.store.quotas.refund({ ...options, now: start + 3 });
    expect(await opened.store.quotas.consume({ ...options, now: start + 4 })).toEqual({ allowed: true, remaining: 0 });
    // A refund dated in the next window leaves this window's count alone.
    await opened.store.quotas.refund({ ...options, now: start + 60_001 });
    expect(await opened.store.quotas.consume({ ...options, now: start + 5 })).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Three refunds against a count of three (two allowed, one refused): back to zero, not below.
    for (let index = 0; index < 4; index += 1) await opened.store.quotas.refund({ ...options, now: start + 6 });
    expect(await opened.store.quotas.consume({ ...options, now: start + 7 })).toEqual({ allowed: true, remaining: 1 });
  });
  it("peeks at a window without counting: spent at the limit, fresh in the next window", async () => {
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    const options = { key: "credential-failures:10.0.0.1", limit: 2, windowMs: 60_000 };
    expect(await opened.store.quotas.peek({ ...options, now: start + 1 })).toEqual({ allowed: true, remaining: 2 });
    await opened.store.quotas.consume({ ...options, now: start + 1 });
    expect(await opened.store.quotas.peek({ ...options, now: start + 2 })).toEqual({ allowed: true, remaining: 1 });
    expect(await opened.store.quotas.peek({ ...options, now: start + 2 })).toEqual({ allowed: true, remaining: 1 });
    await opened.store.quotas.consume({ ...options, now: start + 3 });
    expect(await opened.store.quotas.peek({ ...options, now: start + 30_000 })).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await opened.store.quotas.peek({ ...options, now: start + 60_000 })).toEqual({ allowed: true, remaining: 2 });
  });
});
