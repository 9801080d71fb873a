// The chat's view of a turn, built live from streamed events or replayed from the stored conversation;
// both paths give the same chips (tool, arguments, status, code) for the same turn.
import { resolveTurn, type WriteResolution } from "@/lib/outcome/write-resolutions";
import type { ConversationDetail, StoredToolCall } from "@/lib/conversations/read-conversations";
import type { ChatActionEvent, TurnFailureReason } from "./chat-event";

export type ToolCallView = {
  id: string;
  name: string;
  arguments: string;
  status: "running" | "ok" | "error" | "skipped";
  error?: string;
  recovery?: string;
  /** The JSON the model received for this call. */
  outcome?: string;
  attempts?: number;
  latencyMs?: number;
  idempotencyKey?: string;
  resolution?: WriteResolution;
};

export type TurnView = {
  /** Stable React key: the turn id once known, a client id before. */
  key: string;
  turnId?: string;
  conversationId?: string;
  userText: string;
  toolCalls: ToolCallView[];
  reply: string;
  state: "running" | "ended" | "failed";
  outcome?: string;
  provider?: string;
  model?: string;
  modelRequests?: number;
  /** Answers the final reply offers as buttons (live, or from the stored turn-end event of a replayed latest turn). */
  quickReplies?: string[];
  /** The final answer's numbers that came from neither the message nor the records (marked in the chat). */
  untraceableNumbers?: string[];
  failure?: { reason: TurnFailureReason; retryAfterSeconds?: number };
};

export function startTurnView(options: { key: string; userText: string; conversationId?: string }): TurnView {
  return { key: options.key, conversationId: options.conversationId, userText: options.userText, toolCalls: [], reply: "", state: "running" };
}

function updateCall(turn: TurnView, id: string, change: (call: ToolCallView) => ToolCallView): TurnView {
  return { ...turn, toolCalls: turn.toolCalls.map((call) => (call.id === id ? change(call) : call)) };
}

/** Folds one streamed event into the turn; unknown or late events leave it unchanged. */
export function applyChatStreamEvent(turn: TurnView, event: ChatActionEvent): TurnView {
  // Destructured, the data is still narrowed by the event's name.
  const { event: name, data } = event;
  switch (name) {
    case "turn-start":
      return { ...turn, turnId: data.turnId, conversationId: data.conversationId, provider: data.provider, model: data.model };
    case "tool-call-start":
      if (turn.toolCalls.some((call) => call.id === data.toolCallId)) return turn;
      return {
        ...turn,
        toolCalls: [
          ...turn.toolCalls,
          { id: data.toolCallId, name: data.name, arguments: data.arguments, status: "running", idempotencyKey: data.idempotencyKey },
        ],
      };
    case "tool-call-end":
      return updateCall(turn, data.toolCallId, (call) => ({
        ...call,
        status: data.status,
        error: data.error,
        recovery: data.recovery,
        outcome: data.outcome,
        attempts: data.attempts,
        latencyMs: data.latencyMs,
        idempotencyKey: data.idempotencyKey ?? call.idempotencyKey,
      }));
    case "tool-call-skipped":
      if (turn.toolCalls.some((call) => call.id === data.toolCallId)) return turn;
      // As the stored call reads back: skipped, no outcome, no attempt.
      return {
        ...turn,
        toolCalls: [
          ...turn.toolCalls,
          { id: data.toolCallId, name: data.name, arguments: data.arguments, status: "skipped", attempts: 0, idempotencyKey: data.idempotencyKey },
        ],
      };
    case "text-delta":
      return turn.state === "running" ? { ...turn, reply: turn.reply + data.delta } : turn;
    case "turn-end":
      return {
        ...turn,
        state: "ended",
        outcome: data.outcome,
        reply: data.reply,
        modelRequests: data.modelRequests,
        ...(data.quickReplies ? { quickReplies: data.quickReplies } : {}),
        ...(data.untraceableNumbers ? { untraceableNumbers: data.untraceableNumbers } : {}),
      };
    // An error event: the turn failed after it began; its problem (with the trace id) is in the server's log.
    case "error":
    case "turn-refused":
      return { ...turn, state: "failed", failure: name === "error" ? { reason: "unexpected" } : data };
    default:
      return turn;
  }
}

/** Marks a turn whose stream ended without turn-end (connection lost, or the user stopped waiting). */
export function failRunningTurn(turn: TurnView, reason: TurnFailureReason): TurnView {
  return turn.state === "running" ? { ...turn, state: "failed", failure: { reason } } : turn;
}

export { needsResolution } from "@/lib/outcome/write-resolutions";

/** What the person's own resolution of the turn's stopped saves says now (see resolveTurn); null while any is open. */
export function turnResolution(turn: TurnView): WriteResolution | null {
  return resolveTurn(turn.toolCalls);
}

/** The turn with one call's resolution replaced (null: unknown again, as after a re-run that timed out). */
export function withResolution(turn: TurnView, toolCallId: string, resolution: WriteResolution | null): TurnView {
  return updateCall(turn, toolCallId, (call) => ({ ...call, resolution: resolution ?? undefined }));
}

function toToolCallView(call: StoredToolCall): ToolCallView {
  return {
    id: call.id,
    name: call.name,
    arguments: call.arguments,
    status: call.status,
    error: call.error ?? undefined,
    recovery: call.recovery ?? undefined,
    outcome: call.outcome ?? undefined,
    attempts: call.attempts,
    latencyMs: call.latencyMs ?? undefined,
    idempotencyKey: call.idempotencyKey ?? undefined,
    resolution: call.resolution ?? undefined,
  };
}

/** A replayed turn with the quick replies its stored turn-end event carries, so a reload still offers the answers. */
export function withStoredQuickReplies(view: TurnView, events: ReadonlyArray<{ type: string; data: Record<string, unknown> }>): TurnView {
  const stored = events.findLast((event) => event.type === "turn-end")?.data.quickReplies;
  const quickReplies = Array.isArray(stored) ? stored.filter((reply): reply is string => typeof reply === "string") : [];
  return quickReplies.length > 0 ? { ...view, quickReplies } : view;
}

/** Replays a stored conversation as turn views: the same reply text and chips the live turn showed. */
export function turnViewsFromConversation(detail: ConversationDetail): TurnView[] {
  const turnsById = new Map(detail.turns.map((entry) => [entry.id, entry]));
  const views = new Map<string, TurnView>();
  const replies = new Map<string, string[]>();
  for (const message of detail.messages) {
    const stored = turnsById.get(message.turnId);
    let view = views.get(message.turnId);
    if (!view) {
      view = {
        key: message.turnId,
        turnId: message.turnId,
        conversationId: detail.id,
        userText: "",
        toolCalls: [],
        reply: "",
        state: "ended",
        outcome: stored?.outcome ?? "unfinished",
        provider: stored?.provider,
        model: stored?.model,
        modelRequests: stored?.modelRequests,
      };
      views.set(message.turnId, view);
      replies.set(message.turnId, []);
    }
    if (message.role === "user") view.userText = message.content;
    else if (message.content) replies.get(message.turnId)?.push(message.content);
    view.toolCalls.push(...message.toolCalls.map(toToolCallView));
    if (message.untraceableNumbers) view.untraceableNumbers = message.untraceableNumbers;
  }
  return [...views.values()].map((view) => ({ ...view, reply: (replies.get(view.key) ?? []).join("\n\n") }));
}
