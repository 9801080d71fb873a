// The port's read models built from stored rows, shared by both adapters: each adapter reads its rows its own way
// (synchronously on SQLite, over the pool on PostgreSQL), and the shapes the port returns are made here, once.
import "server-only";
import { resolveTurn, type ResolvableCall } from "../lib/store/turn-resolution";
import type { ConversationRow, MessageRow, ToolCallRow, TraceEventRow, TurnRow } from "../lib/store/records";
import type { ConversationDetail, ConversationSummary, StoredToolCall, TurnSummary, TurnTrace } from "../lib/store/turn-store";

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

/** A turn's tool call as far as resolving its stopped saves goes: what the traces list reads of each call. */
export type TurnCallResolution = ResolvableCall & { turnId: string };

/** The turn's summary; `calls` holds (at least) its keyed tool calls, from which its resolution is derived. */
export function toTurnSummary(row: TurnRow, calls: readonly TurnCallResolution[]): TurnSummary {
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
    resolution: resolveTurn(calls.filter((call) => call.turnId === row.id)),
  };
}

/** The list's summaries, each turn's resolution from the calls read for the whole page. */
export function toTurnSummaries(rows: readonly TurnRow[], calls: readonly TurnCallResolution[]): TurnSummary[] {
  const byTurn = new Map<string, TurnCallResolution[]>();
  for (const call of calls) byTurn.set(call.turnId, [...(byTurn.get(call.turnId) ?? []), call]);
  return rows.map((row) => toTurnSummary(row, byTurn.get(row.id) ?? []));
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

/** One turn's trace: its summary, its events in order (data parsed) and its tool calls. */
export function toTurnTrace(rows: { turn: TurnRow; events: TraceEventRow[]; calls: ToolCallRow[] }): TurnTrace {
  return {
    ...toTurnSummary(rows.turn, rows.calls.map(toCallResolution)),
    events: rows.events.map((event) => ({
      seq: event.seq,
      type: event.type,
      at: event.at.toISOString(),
      data: JSON.parse(event.data) as Record<string, unknown>,
    })),
    toolCalls: rows.calls.map(toStoredToolCall),
  };
}
