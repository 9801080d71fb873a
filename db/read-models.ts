// The port's read models built from stored rows, shared by both adapters: each adapter reads its rows its own way
// (synchronously on SQLite, over the pool on PostgreSQL), and the shapes the port returns are made here, once.
import "server-only";
import { needsResolution, resolveTurn, type ResolvableCall } from "../lib/store/turn-resolution";
import type { ConversationRow, MessageRow, ToolCallRow, TraceEventRow, TurnRow } from "../lib/store/records";
import {
  FAULT_INJECTED_EVENT,
  type ConversationDetail,
  type ConversationSummary,
  type InjectedFault,
  type StoredToolCall,
  type TurnSummary,
  type TurnToolResult,
  type TurnTrace,
} from "../lib/store/turn-store";

export function toStoredToolCall(row: ToolCallRow): StoredToolCall {
  return {
    id: row.id,
    callId: row.callId,
    name: row.name,
    arguments: row.arguments,
    status: row.status,
    isError: row.isError,
    error: row.errorCode,
    recovery: row.recovery,
    outcome: row.outcome,
    attempts: row.attempts,
    latencyMs: row.latencyMs,
    idempotencyKey: row.idempotencyKey,
    resolution: row.resolution,
  };
}

/** A turn's tool call as the traces list reads it: enough to tell its resolution and show how it ended. */
export type TurnCallResolution = ResolvableCall & { turnId: string };

/** What the list reads besides the turn rows, for the whole page at once: calls, messages and fault events. */
export type TurnListRows = {
  calls: readonly TurnCallResolution[];
  messages: readonly Pick<MessageRow, "turnId" | "seq" | "role" | "content" | "untraceableNumbers">[];
  faultEvents: readonly Pick<TraceEventRow, "turnId" | "data">[];
};

/** The most of the person's message the list shows. */
export const EXCERPT_LENGTH = 140;

export function toExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT_LENGTH ? flat : `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

function faultsOf(events: readonly Pick<TraceEventRow, "data">[]): InjectedFault[] {
  return events.flatMap((event) => (JSON.parse(event.data) as { faults?: InjectedFault[] }).faults ?? []);
}

/** The turn's summary from its row and what was read of its calls (in order), messages (by seq) and fault events. */
export function toTurnSummary(row: TurnRow, rows: TurnListRows): TurnSummary {
  const messages = [...rows.messages].sort((a, b) => a.seq - b.seq);
  return {
    id: row.id,
    conversationId: row.conversationId,
    traceId: row.traceId,
    outcome: row.outcome,
    provider: row.provider,
    model: row.model,
    modelRequests: row.modelRequests,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    resolution: resolveTurn(rows.calls),
    excerpt: toExcerpt(messages.find((entry) => entry.role === "user")?.content ?? ""),
    unresolvedWrites: rows.calls.filter((call) => needsResolution(call) && !call.resolution).length,
    tools: rows.calls.map((call) => ({ name: call.name, status: call.status as TurnToolResult["status"], error: call.error ?? null })),
    untraceableNumbers: messages.reduce((count, entry) => count + (entry.untraceableNumbers?.length ?? 0), 0),
    faultsInjected: faultsOf(rows.faultEvents),
  };
}

/** The list's summaries: each turn's own calls, messages and fault events picked from what was read for the page. */
export function toTurnSummaries(turns: readonly TurnRow[], rows: TurnListRows): TurnSummary[] {
  const of = <T extends { turnId: string }>(items: readonly T[], turnId: string) => items.filter((item) => item.turnId === turnId);
  return turns.map((turn) =>
    toTurnSummary(turn, { calls: of(rows.calls, turn.id), messages: of(rows.messages, turn.id), faultEvents: of(rows.faultEvents, turn.id) }),
  );
}

/** A stored tool call as resolveTurn reads it. */
function toCallResolution(row: ToolCallRow): TurnCallResolution {
  return { turnId: row.turnId, name: row.name, status: row.status, error: row.errorCode, idempotencyKey: row.idempotencyKey, resolution: row.resolution };
}

export function toConversationSummary(row: ConversationRow): ConversationSummary {
  return { id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** A conversation with its messages in order, each with its tool calls, and its turns. */
export function toConversationDetail(rows: {
  conversation: ConversationRow;
  messages: MessageRow[];
  calls: ToolCallRow[];
  turns: TurnRow[];
}): ConversationDetail {
  return {
    ...toConversationSummary(rows.conversation),
    messages: rows.messages.map((entry) => ({
      id: entry.id,
      turnId: entry.turnId,
      role: entry.role,
      author: entry.author,
      content: entry.content,
      ...(entry.untraceableNumbers && entry.untraceableNumbers.length > 0 ? { untraceableNumbers: entry.untraceableNumbers } : {}),
      createdAt: entry.createdAt.toISOString(),
      toolCalls: rows.calls.filter((call) => call.messageId === entry.id).map(toStoredToolCall),
    })),
    turns: rows.turns.map((entry) => ({
      id: entry.id,
      outcome: entry.outcome,
      provider: entry.provider,
      model: entry.model,
      modelRequests: entry.modelRequests,
      startedAt: entry.startedAt.toISOString(),
      resolution: resolveTurn(rows.calls.filter((call) => call.turnId === entry.id).map(toCallResolution)),
    })),
  };
}

/** One turn's trace: its summary, what was said, its events in order (data parsed) and its tool calls. */
export function toTurnTrace(rows: { turn: TurnRow; events: TraceEventRow[]; calls: ToolCallRow[]; messages: MessageRow[] }): TurnTrace {
  const faultEvents = rows.events.filter((event) => event.type === FAULT_INJECTED_EVENT);
  return {
    ...toTurnSummary(rows.turn, { calls: rows.calls.map(toCallResolution), messages: rows.messages, faultEvents }),
    messages: [...rows.messages]
      .sort((a, b) => a.seq - b.seq)
      .map((entry) => ({ role: entry.role, author: entry.author, content: entry.content, untraceableNumbers: entry.untraceableNumbers ?? [] })),
    events: rows.events.map((event) => ({
      seq: event.seq,
      type: event.type,
      at: event.at.toISOString(),
      data: JSON.parse(event.data) as Record<string, unknown>,
    })),
    toolCalls: rows.calls.map(toStoredToolCall),
  };
}
