import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/run-turn";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import type { TurnEvent } from "@/lib/agent/turn-events";
import type { ChatEvent } from "@/lib/chat/chat-event";
import { toChatResponse, type ChatResponse } from "@/lib/chat/chat-response";
import {
  applyChatStreamEvent,
  failRunningTurn,
  needsResolution,
  startTurnView,
  turnViewsFromConversation,
  withStoredQuickReplies,
  type TurnView,
} from "@/lib/chat/turn-view";
import { getConversation } from "@/lib/conversations/read-conversations";
import { armFault } from "@/lib/faults/manage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { ModelProvider } from "@/lib/agent/providers/types";
import { createScriptedProvider, createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

/** A turn event as the chat's streams send it (lib/http/chat-turn-events.ts sends turn-end, with the stored turn, itself). */
function asChatEvent(event: Exclude<TurnEvent, { type: "turn-end" }>): ChatEvent {
  return { event: event.type, data: event } as ChatEvent;
}

/** Runs a real offline turn, folding its events into a live view as the browser does. */
async function liveTurn(
  message: string,
  conversationId?: string,
  provider: ModelProvider = createOfflineProvider(),
): Promise<{ live: TurnView; conversationId: string }> {
  let live = startTurnView({ key: "pending", userText: message, conversationId });
  const result = await runTurn({
    store: database.store,
    userId,
    conversationId,
    message,
    locale: "en",
    provider,
    faultsEnabled: true,
    today: "2026-11-30",
    onEvent: (event: TurnEvent) => {
      if (event.type !== "turn-end") live = applyChatStreamEvent(live, asChatEvent(event));
    },
  });
  live = applyChatStreamEvent(live, { event: "turn-end", data: toChatResponse(result) });
  return { live, conversationId: result.conversationId };
}

const chipOf = (view: TurnView) =>
  view.toolCalls.map(({ id, name, arguments: args, status, error, recovery, outcome, idempotencyKey }) => ({
    id,
    name,
    args,
    status,
    error,
    recovery,
    outcome,
    idempotencyKey,
  }));

describe("turn views", () => {
  it("folds the case study's events into chips not_found then ok, the streamed reply and the outcome", async () => {
    await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: "seed",
      input: { date: "2020-01-01", values: { weight_kg: 76 } },
      traceId: "t",
      locale: "en",
    });
    const { live } = await liveTurn("What did I weigh on 2 January 2020? If there is nothing, try the 1st.");
    expect(live.state).toBe("ended");
    expect(live.outcome).toBe("answered");
    expect(live.modelRequests).toBe(3);
    expect(live.provider).toBe("offline");
    expect(live.toolCalls.map((call) => [call.name, JSON.parse(call.arguments).date, call.error ?? call.status])).toEqual([
      ["read_measurement", "2020-01-02", "not_found"],
      ["read_measurement", "2020-01-01", "ok"],
    ]);
    expect(JSON.parse(live.toolCalls[0]?.outcome ?? "{}")).toMatchObject({ kind: "tool_error", error: "not_found" });
    expect(live.reply).toContain("76 kg");
  });

  it("replays a stored conversation with exactly the chips and replies its turns showed live", async () => {
    const first = await liveTurn("Save weight=77.4kg on the 4th of March 2020");
    await armFault({ store: database.store, userId, input: { target: "write", mode: "lost_ack", count: 1 } });
    const second = await liveTurn("Save weight 70 kg for 2020-01-04", first.conversationId);
    const detail = await getConversation({ store: database.store, userId, conversationId: first.conversationId });
    const replayed = turnViewsFromConversation(detail!);
    expect(replayed).toHaveLength(2);
    expect(replayed.map(chipOf)).toEqual([chipOf(first.live), chipOf(second.live)]);
    expect(replayed.map((view) => view.reply)).toEqual([first.live.reply, second.live.reply]);
    expect(replayed.map((view) => [view.userText, view.outcome, view.modelRequests])).toEqual([
      ["Save weight=77.4kg on the 4th of March 2020", first.live.outcome, first.live.modelRequests],
      ["Save weight 70 kg for 2020-01-04", "stopped_outcome_unknown", 1],
    ]);
    expect(first.live.toolCalls.slice(0, -1).every((call) => call.error === "bad_arguments")).toBe(true);
    expect(second.live.toolCalls.map((call) => call.error)).toEqual(["outcome_unknown"]);
    expect(needsResolution(replayed[1]!.toolCalls[0]!)).toBe(true);
    expect(needsResolution(replayed[0]!.toolCalls.at(-1)!)).toBe(false);
  });

  it("shows a call skipped after an unknown save live exactly as the replay shows it, in its place", async () => {
    await armFault({ store: database.store, userId, input: { target: "write", mode: "lost_ack", count: 1 } });
    const provider = createScriptedProvider([
      {
        text: "",
        toolCalls: [
          { callId: "call_save", name: "save_measurement", arguments: JSON.stringify({ date: "2020-01-04", values: { weight_kg: 77.4 } }) },
          { callId: "call_read", name: "read_measurement", arguments: JSON.stringify({ date: "2020-01-01" }) },
        ],
      },
    ]);
    const { live, conversationId } = await liveTurn("Save 77.4 kg for 2020-01-04, then read 2020-01-01", undefined, provider);
    expect(live.toolCalls.map((call) => [call.name, call.status, call.error])).toEqual([
      ["save_measurement", "error", "outcome_unknown"],
      ["read_measurement", "skipped", undefined],
    ]);
    const [replayed] = turnViewsFromConversation((await getConversation({ store: database.store, userId, conversationId }))!);
    expect(chipOf(replayed!)).toEqual(chipOf(live));
    expect(replayed!.toolCalls[1]).toEqual(live.toolCalls[1]);
  });

  it("keeps the streamed text only while running, and takes turn-end's reply as final", async () => {
    let view = startTurnView({ key: "k", userText: "hi" });
    view = applyChatStreamEvent(view, { event: "text-delta", data: { type: "text-delta", delta: "Hel" } });
    view = applyChatStreamEvent(view, { event: "text-delta", data: { type: "text-delta", delta: "lo" } });
    expect(view.reply).toBe("Hello");
    const stored: ChatResponse = { conversationId: "c", turnId: "t", outcome: "answered", reply: "Hello.", toolCalls: [], modelRequests: 1 };
    view = applyChatStreamEvent(view, { event: "turn-end", data: stored });
    view = applyChatStreamEvent(view, { event: "text-delta", data: { type: "text-delta", delta: " late" } });
    expect(view).toMatchObject({ state: "ended", reply: "Hello.", outcome: "answered" });
  });

  it("marks a refused turn failed with its reason, and only a running turn as lost", async () => {
    const refused = applyChatStreamEvent(startTurnView({ key: "k", userText: "hi" }), {
      event: "turn-refused",
      data: { reason: "rate_limited", retryAfterSeconds: 12 },
    });
    expect(refused).toMatchObject({ state: "failed", failure: { reason: "rate_limited", retryAfterSeconds: 12 } });
    expect(failRunningTurn(refused, "connection_lost")).toBe(refused);
    expect(failRunningTurn(startTurnView({ key: "k", userText: "hi" }), "stopped_waiting")).toMatchObject({
      state: "failed",
      failure: { reason: "stopped_waiting" },
    });
  });
});

describe("quick replies", () => {
  it("are the same live and after a replay of the stored latest turn", async () => {
    const userId = await createTestUser(database.store);
    const events: TurnEvent[] = [];
    const provider = createOfflineProvider();
    const result = await runTurn({
      store: database.store,
      userId,
      message: "I weighed 80 kg on 10 Novmber 2025",
      locale: "en",
      provider,
      today: "2026-12-04",
      onEvent: (event) => events.push(event),
    });
    const streamed = events.flatMap((event) => (event.type === "turn-end" ? [] : [asChatEvent(event)]));
    const live = [...streamed, { event: "turn-end", data: toChatResponse(result) } as const].reduce(
      applyChatStreamEvent,
      startTurnView({ key: "live", userText: "I weighed 80 kg on 10 Novmber 2025" }),
    );
    expect(live.quickReplies).toEqual(["Yes, 10 November 2025", "No"]);
    expect(result.quickReplies).toEqual(live.quickReplies);

    const detail = await getConversation({ store: database.store, userId, conversationId: result.conversationId });
    const [replayed] = turnViewsFromConversation(detail!);
    expect(replayed?.quickReplies).toBeUndefined();
    const trace = await database.store.turns.getTrace({ userId, turnId: result.turnId });
    expect(withStoredQuickReplies(replayed!, trace!.events).quickReplies).toEqual(live.quickReplies);
  });

  it("are absent where the turn offered none", () => {
    const view = startTurnView({ key: "k", userText: "hi" });
    expect(withStoredQuickReplies(view, [{ type: "turn-end", data: { outcome: "answered", reply: "Hi!" } }])).toBe(view);
    expect(withStoredQuickReplies(view, [{ type: "turn-end", data: { quickReplies: [1, null] } }])).toBe(view);
  });
});
