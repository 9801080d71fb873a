// Read models of the stored traces: a user's turns, one turn's events, and the aggregates the metrics page charts.
import "server-only";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { toolCall, traceEvent, turn } from "@/db/schema";
import { toStoredToolCall, type StoredToolCall } from "@/lib/conversations/read-conversations";

export type TurnSummary = {
  id: string;
  conversationId: string;
  traceId: string;
  outcome: string | null;
  provider: string;
  model: string;
  modelRequests: number;
  startedAt: string;
  endedAt: string | null;
};

export type TraceEventView = { seq: number; type: string; at: string; data: Record<string, unknown> };

export type TurnTrace = TurnSummary & { events: TraceEventView[]; toolCalls: StoredToolCall[] };

function toSummary(row: typeof turn.$inferSelect): TurnSummary {
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
  };
}

export function listTurns(options: { db: AppDatabase; userId: string; limit?: number }): TurnSummary[] {
  return options.db
    .select()
    .from(turn)
    .where(eq(turn.userId, options.userId))
    .orderBy(desc(turn.startedAt))
    .limit(options.limit ?? 100)
    .all()
    .map(toSummary);
}

/** One turn's trace, or undefined when the turn is not this user's. */
export function getTurnTrace(options: { db: AppDatabase; userId: string; turnId: string }): TurnTrace | undefined {
  const { db, userId, turnId } = options;
  const row = db.select().from(turn).where(and(eq(turn.id, turnId), eq(turn.userId, userId))).get();
  if (!row) return undefined;
  const events = db.select().from(traceEvent).where(eq(traceEvent.turnId, turnId)).orderBy(asc(traceEvent.seq)).all();
  const calls = db.select().from(toolCall).where(eq(toolCall.turnId, turnId)).orderBy(asc(toolCall.createdAt), asc(toolCall.position)).all();
  return {
    ...toSummary(row),
    events: events.map((event) => ({ seq: event.seq, type: event.type, at: event.at.toISOString(), data: JSON.parse(event.data) as Record<string, unknown> })),
    toolCalls: calls.map(toStoredToolCall),
  };
}

export type MetricsSummary = {
  toolResults: { day: string; tool: string; status: string; error: string; count: number }[];
  turnOutcomes: { outcome: string; count: number }[];
  modelRequests: { provider: string; status: string; count: number }[];
};

/** The user's own figures over the last `days` days, from the stored rows (the page's charts). */
export function summarizeMetrics(options: { db: AppDatabase; userId: string; days?: number; now?: number }): MetricsSummary {
  const { db, userId } = options;
  const since = new Date((options.now ?? Date.now()) - (options.days ?? 30) * 86_400_000);
  const day = sql<string>`strftime('%Y-%m-%d', ${toolCall.createdAt} / 1000, 'unixepoch')`;
  const toolResults = db
    .select({ day, tool: toolCall.name, status: toolCall.status, error: sql<string>`coalesce(${toolCall.errorCode}, '')`, count: sql<number>`count(*)` })
    .from(toolCall)
    .where(and(eq(toolCall.userId, userId), gte(toolCall.createdAt, since)))
    .groupBy(day, toolCall.name, toolCall.status, toolCall.errorCode)
    .orderBy(day)
    .all();
  const turnOutcomes = db
    .select({ outcome: sql<string>`coalesce(${turn.outcome}, 'unfinished')`, count: sql<number>`count(*)` })
    .from(turn)
    .where(and(eq(turn.userId, userId), gte(turn.startedAt, since)))
    .groupBy(turn.outcome)
    .all();
  const requestEvents = db
    .select({ data: traceEvent.data })
    .from(traceEvent)
    .innerJoin(turn, eq(traceEvent.turnId, turn.id))
    .where(and(eq(turn.userId, userId), eq(traceEvent.type, "model-request-end"), gte(traceEvent.at, since)))
    .all();
  const counts = new Map<string, number>();
  for (const { data } of requestEvents) {
    const event = JSON.parse(data) as { provider?: string; status?: string };
    const key = `${event.provider ?? "?"}|${event.status ?? "?"}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const modelRequests = [...counts].map(([key, count]) => {
    const [provider = "", status = ""] = key.split("|");
    return { provider, status, count };
  });
  return { toolResults, turnOutcomes, modelRequests };
}
