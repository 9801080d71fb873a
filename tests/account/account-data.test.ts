import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import { conversation, idempotencyRecord, measurement, message, session, toolCall, traceEvent, turn, usageWindow, user } from "@/db/sqlite/schema";
import { deleteAccount } from "@/lib/account/delete-account";
import { exportAccountData } from "@/lib/account/export-account-data";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { CHAT_QUOTA_KEY_PREFIX, consumeQuota } from "@/lib/rate-limit/consume-quota";

let folder: string;
let handle: DatabaseHandle;

function createUserWithHistory(id: string): void {
  const { db } = handle;
  db.insert(user)
    .values({ id, name: id, email: `${id}@example.com` })
    .run();
  db.insert(session)
    .values({ id: `${id}-session`, token: `${id}-token`, userId: id, expiresAt: new Date(Date.now() + 60_000) })
    .run();
  db.insert(conversation)
    .values({ id: `${id}-conversation`, userId: id, title: "weights" })
    .run();
  db.insert(turn)
    .values({ id: `${id}-turn`, conversationId: `${id}-conversation`, userId: id, traceId: "t", locale: "en", provider: "offline", model: "m" })
    .run();
  db.insert(message)
    .values({ id: `${id}-message`, conversationId: `${id}-conversation`, turnId: `${id}-turn`, seq: 0, role: "assistant", content: "hi", author: "model" })
    .run();
  db.insert(toolCall)
    .values({
      id: `${id}-call`,
      messageId: `${id}-message`,
      turnId: `${id}-turn`,
      userId: id,
      position: 0,
      callId: "c1",
      name: "read_measurement",
      arguments: "{}",
      status: "ok",
    })
    .run();
  db.insert(traceEvent)
    .values({ turnId: `${id}-turn`, seq: 0, type: "turn-start", at: new Date(), data: "{}" })
    .run();
}

async function saveWeight(userId: string, date: string, weight: number): Promise<void> {
  const result = await saveMeasurement({
    store: createSqliteStore(handle),
    userId,
    idempotencyKey: `${userId}-${date}`,
    input: { date, values: { weight_kg: weight } },
    traceId: "trace",
    locale: "en",
  });
  expect(result.status).toBe("executed");
}

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-account-"));
  handle = openDatabase(path.join(folder, "palestra.db"));
  createUserWithHistory("alice");
  createUserWithHistory("bob");
  await saveWeight("alice", "2026-01-02", 77.4);
  await saveWeight("bob", "2026-01-03", 90);
});

afterEach(() => {
  handle.sqlite.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("exportAccountData", () => {
  it("holds the user's measurements, conversations, messages, tool calls and traces, and nothing of other users", async () => {
    const data = await exportAccountData({ store: createSqliteStore(handle), userId: "alice" });
    expect(data.user?.email).toBe("alice@example.com");
    expect(data.measurements.map((record) => [record.date, record.values])).toEqual([["2026-01-02", { weight_kg: 77.4 }]]);
    expect(data.conversations.map((row) => row.id)).toEqual(["alice-conversation"]);
    expect(data.turns.map((row) => row.id)).toEqual(["alice-turn"]);
    expect(data.messages.map((row) => row.id)).toEqual(["alice-message"]);
    expect(data.tool_calls.map((row) => row.id)).toEqual(["alice-call"]);
    expect(data.trace_events.map((row) => row.turnId)).toEqual(["alice-turn"]);
    expect(data.idempotency_records.map((row) => row.key)).toEqual(["alice-2026-01-02"]);
  });
});

describe("deleteAccount", () => {
  it("removes the user and every row that belongs to them, leaving other users untouched", async () => {
    expect(await deleteAccount({ store: createSqliteStore(handle), userId: "alice" })).toEqual({ deleted: true });
    const { db } = handle;
    const count = (rows: unknown[]) => rows.length;
    expect(count(db.select().from(user).where(eq(user.id, "alice")).all())).toBe(0);
    expect(count(db.select().from(session).where(eq(session.userId, "alice")).all())).toBe(0);
    expect(count(db.select().from(measurement).where(eq(measurement.userId, "alice")).all())).toBe(0);
    expect(count(db.select().from(idempotencyRecord).where(eq(idempotencyRecord.userId, "alice")).all())).toBe(0);
    expect(count(db.select().from(conversation).where(eq(conversation.userId, "alice")).all())).toBe(0);
    expect(count(db.select().from(message).where(eq(message.conversationId, "alice-conversation")).all())).toBe(0);
    expect(count(db.select().from(toolCall).where(eq(toolCall.userId, "alice")).all())).toBe(0);
    expect(count(db.select().from(traceEvent).where(eq(traceEvent.turnId, "alice-turn")).all())).toBe(0);
    const bob = await exportAccountData({ store: createSqliteStore(handle), userId: "bob" });
    expect(bob.measurements).toHaveLength(1);
    expect(bob.tool_calls).toHaveLength(1);
    expect(bob.trace_events).toHaveLength(1);
  });

  it("removes the user's chat quota row, which no foreign key links to the account", async () => {
    const now = Date.now();
    await consumeQuota({ store: createSqliteStore(handle), key: `${CHAT_QUOTA_KEY_PREFIX}alice`, limit: 30, windowMs: 60_000, now });
    await consumeQuota({ store: createSqliteStore(handle), key: `${CHAT_QUOTA_KEY_PREFIX}bob`, limit: 30, windowMs: 60_000, now });
    await deleteAccount({ store: createSqliteStore(handle), userId: "alice" });
    expect(
      handle.db
        .select()
        .from(usageWindow)
        .all()
        .map((row) => row.key),
    ).toEqual([`${CHAT_QUOTA_KEY_PREFIX}bob`]);
  });

  it("is a no-op for a user that is already gone", async () => {
    await deleteAccount({ store: createSqliteStore(handle), userId: "alice" });
    expect(await deleteAccount({ store: createSqliteStore(handle), userId: "alice" })).toEqual({ deleted: false });
  });
});
