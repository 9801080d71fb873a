import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/run-turn";
import { getConversation, listConversations } from "@/lib/conversations/read-conversations";
import { getTurnTrace, listTurns, summarizeMetrics } from "@/lib/traces/read-traces";
import { answer, callTool, createScriptedProvider, createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

async function caseStudy() {
  const provider = createScriptedProvider([callTool("read_measurement", { date: "2020-01-02" }), answer("Nothing on 2 January.")]);
  return runTurn({ store: database.store, userId, message: "what did I weigh on 2 January 2020?", locale: "en", provider, today: "2026-11-30" });
}

describe("conversation and trace read models", () => {
  it("returns a conversation with its messages, tool calls and stored outcomes, flag from the column", async () => {
    const result = await caseStudy();
    const detail = await getConversation({ store: database.store, userId, conversationId: result.conversationId });
    expect(detail?.messages.map((entry) => [entry.role, entry.author, entry.content])).toEqual([
      ["user", "user", "what did I weigh on 2 January 2020?"],
      ["assistant", "model", ""],
      ["assistant", "model", "Nothing on 2 January."],
    ]);
    const call = detail?.messages[1]?.toolCalls[0];
    expect(call).toMatchObject({ name: "read_measurement", status: "error", isError: true, error: "not_found", recovery: "choose_alternative" });
    expect(JSON.parse(call?.outcome ?? "{}")).toMatchObject({ kind: "tool_error", error: "not_found" });
    expect((await listConversations({ store: database.store, userId })).map((entry) => entry.id)).toEqual([result.conversationId]);
  });

  it("hides another user's conversations and traces", async () => {
    const result = await caseStudy();
    const other = await createTestUser(database.store, { name: "Other" });
    expect(await getConversation({ store: database.store, userId: other, conversationId: result.conversationId })).toBeUndefined();
    expect(await getTurnTrace({ store: database.store, userId: other, turnId: result.turnId })).toBeUndefined();
    expect(await listConversations({ store: database.store, userId: other })).toEqual([]);
    expect(await listTurns({ store: database.store, userId: other })).toEqual([]);
  });

  it("returns a turn's events and summarizes tool results, outcomes and model requests", async () => {
    const result = await caseStudy();
    const trace = await getTurnTrace({ store: database.store, userId, turnId: result.turnId });
    expect(trace?.outcome).toBe("answered");
    expect(trace?.events.filter((event) => event.type === "tool-call-end").map((event) => event.data.error)).toEqual(["not_found"]);
    const summary = await summarizeMetrics({ store: database.store, userId });
    expect(summary.toolResults).toEqual([expect.objectContaining({ tool: "read_measurement", status: "error", error: "not_found", count: 1 })]);
    expect(summary.turnOutcomes).toEqual([{ outcome: "answered", count: 1 }]);
    expect(summary.modelRequests).toEqual([{ provider: "offline", status: "ok", count: 2 }]);
  });
});
