// A person's data export and account deletion, on every adapter of the store: what belongs to them, and nothing else.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteAccount } from "@/lib/account/delete-account";
import { exportAccountData } from "@/lib/account/export-account-data";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { CHAT_QUOTA_KEY_PREFIX, consumeQuota } from "@/lib/rate-limit/consume-quota";
import { turnRows, writeCall } from "../store/rows";
import { storeAdapters, type OpenedStore } from "../store/store-adapters";

describe.each(storeAdapters)("account data on the $name store", (adapter) => {
  let opened: OpenedStore;

  /** An account with a session, a conversation whose turn made one tool call, and a saved weight. */
  async function createUserWithHistory(id: string, date: string, weight: number): Promise<void> {
    await opened.createUser(id);
    await opened.createSession({ userId: id, token: `${id}-token`, expiresAt: new Date(Date.now() + 60_000) });
    const call = { ...writeCall({ userId: id, turnId: `${id}-turn`, id: `${id}-call` }), name: "read_measurement", status: "ok" as const };
    await opened.store.turns.writeRows(turnRows({ userId: id, conversationId: `${id}-conversation`, turnId: `${id}-turn`, toolCalls: [call] }));
    const result = await saveMeasurement({
      store: opened.store,
      userId: id,
      idempotencyKey: `${id}-${date}`,
      input: { date, values: { weight_kg: weight } },
      traceId: "trace",
      locale: "en",
    });
    expect(result.status).toBe("executed");
  }

  beforeEach(async () => {
    opened = await adapter.open();
    await createUserWithHistory("alice", "2026-01-02", 77.4);
    await createUserWithHistory("bob", "2026-01-03", 90);
  });
  afterEach(() => opened.close());

  it("exports the user's measurements, conversations, messages, tool calls and traces, and nothing of other users", async () => {
    const data = await exportAccountData({ store: opened.store, userId: "alice" });
    expect(data.user?.email).toBe("alice@store.test");
    expect(data.measurements.map((record) => [record.date, record.values])).toEqual([["2026-01-02", { weight_kg: 77.4 }]]);
    expect(data.conversations.map((row) => row.id)).toEqual(["alice-conversation"]);
    expect(data.turns.map((row) => row.id)).toEqual(["alice-turn"]);
    expect(data.messages.map((row) => row.id)).toEqual(["alice-turn-m0", "alice-turn-m1"]);
    expect(data.tool_calls.map((row) => row.id)).toEqual(["alice-call"]);
    expect(data.trace_events.map((row) => row.turnId)).toEqual(["alice-turn"]);
    expect(data.idempotency_records.map((row) => row.key)).toEqual(["alice-2026-01-02"]);
  });

  it("deletes the user and every row that belongs to them, leaving other users untouched", async () => {
    expect(await deleteAccount({ store: opened.store, userId: "alice" })).toEqual({ deleted: true });
    const tables = ["user", "session", "measurement", "idempotency_record", "conversation", "turn", "message", "tool_call", "trace_event"] as const;
    const counts = async (userId: string) =>
      Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await opened.store.inspection.countRows({ table, userId })])));
    expect(await counts("alice")).toEqual(Object.fromEntries(tables.map((table) => [table, 0])));
    expect(await counts("bob")).toEqual({ ...Object.fromEntries(tables.map((table) => [table, 1])), message: 2 });
    const bob = await exportAccountData({ store: opened.store, userId: "bob" });
    expect(bob.measurements).toHaveLength(1);
    expect(bob.tool_calls).toHaveLength(1);
    expect(bob.trace_events).toHaveLength(1);
  });

  it("deletes the user's chat quota row, which no foreign key links to the account", async () => {
    const now = Date.now();
    const quota = (userId: string) => ({ store: opened.store, key: `${CHAT_QUOTA_KEY_PREFIX}${userId}`, limit: 30, windowMs: 60_000, now });
    await consumeQuota(quota("alice"));
    await consumeQuota(quota("bob"));
    await deleteAccount({ store: opened.store, userId: "alice" });
    expect(await opened.store.inspection.countRows({ table: "usage_window" })).toBe(1);
    expect(await opened.store.quotas.peek(quota("bob"))).toMatchObject({ remaining: 29 });
    expect(await opened.store.quotas.peek(quota("alice"))).toMatchObject({ remaining: 30 });
  });

  it("is a no-op for a user that is already gone", async () => {
    await deleteAccount({ store: opened.store, userId: "alice" });
    expect(await deleteAccount({ store: opened.store, userId: "alice" })).toEqual({ deleted: false });
  });
});
