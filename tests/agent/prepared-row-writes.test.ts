import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { conversation, message, toolCall, turn } from "@/db/sqlite/schema";
import { insertMessage, upsertConversation, upsertToolCall, upsertTurn } from "@/db/sqlite/row-writes";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

const opened: TestDatabase[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
});

/** A database holding one user's conversation, turn and assistant message, written through the prepared writers. */
async function seedTurn(): Promise<{ database: TestDatabase; userId: string }> {
  const database = createTestDatabase();
  opened.push(database);
  const userId = await createTestUser(database.store);
  const at = new Date(1_700_000_000_000);
  upsertConversation(database, { id: "c1", userId, title: "Weigh-in", createdAt: at, updatedAt: at });
  upsertTurn(database, {
    id: "t1",
    conversationId: "c1",
    userId,
    traceId: "trc_1",
    locale: "en",
    provider: "p",
    model: "m",
    outcome: null,
    modelRequests: 1,
    startedAt: at,
    endedAt: null,
  });
  insertMessage(database, { id: "m1", conversationId: "c1", turnId: "t1", seq: 0, role: "assistant", content: "[]", author: "model", createdAt: at });
  return { database, userId };
}

const runningCall = (userId: string) => ({
  id: "tc1",
  messageId: "m1",
  turnId: "t1",
  userId,
  position: 0,
  callId: "call_1",
  name: "save_measurement",
  arguments: "{}",
  status: "running" as const,
  createdAt: new Date(1_700_000_000_000),
});

describe("prepared row writes of the turn recorder", () => {
  it("writes a null timestamp as NULL and updates it on the next upsert of the same turn", async () => {
    const { database, userId } = await seedTurn();
    expect(database.db.select().from(turn).where(eq(turn.id, "t1")).get()).toMatchObject({ outcome: null, endedAt: null, modelRequests: 1 });
    const endedAt = new Date(1_700_000_005_000);
    upsertTurn(database, {
      id: "t1",
      conversationId: "c1",
      userId,
      traceId: "trc_1",
      locale: "en",
      provider: "p",
      model: "m",
      outcome: "answered",
      modelRequests: 2,
      startedAt: new Date(0),
      endedAt,
    });
    // On conflict only outcome, model requests and end change: the start stays as first written.
    expect(database.db.select().from(turn).where(eq(turn.id, "t1")).get()).toMatchObject({
      outcome: "answered",
      modelRequests: 2,
      endedAt,
      startedAt: new Date(1_700_000_000_000),
    });
  });

  it("leaves a column the row does not carry as stored, and overwrites one it carries, even as null", async () => {
    const { database, userId } = await seedTurn();
    upsertToolCall(database, runningCall(userId));
    database.db.update(toolCall).set({ resolution: "saved", errorCode: "outcome_unknown" }).where(eq(toolCall.id, "tc1")).run();
    upsertToolCall(database, { ...runningCall(userId), status: "ok", isError: false, errorCode: null, outcome: '{"ok":true}', attempts: 1 });
    expect(database.db.select().from(toolCall).where(eq(toolCall.id, "tc1")).get()).toMatchObject({
      status: "ok",
      isError: false,
      errorCode: null,
      outcome: '{"ok":true}',
      attempts: 1,
      resolution: "saved",
      finishedAt: null,
    });
  });

  it("keeps its compiled statements per connection: the same writer writes into each database it is given", async () => {
    const first = await seedTurn();
    const second = await seedTurn();
    upsertToolCall(first.database, runningCall(first.userId));
    upsertToolCall(second.database, { ...runningCall(second.userId), callId: "call_2" });
    expect(first.database.db.select({ callId: toolCall.callId }).from(toolCall).all()).toEqual([{ callId: "call_1" }]);
    expect(second.database.db.select({ callId: toolCall.callId }).from(toolCall).all()).toEqual([{ callId: "call_2" }]);
    expect(first.database.db.select({ id: conversation.id }).from(conversation).all()).toEqual([{ id: "c1" }]);
    expect(second.database.db.select({ seq: message.seq }).from(message).all()).toEqual([{ seq: 0 }]);
  });
});
