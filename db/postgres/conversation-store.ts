// Conversations, turns, traces and tool-call resolutions on PostgreSQL: the same read models as SQLite's.
import "server-only";
import type pg from "pg";
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { ConversationStore, ToolCallStore, TurnStore } from "../../lib/store/index";
import { FAULT_INJECTED_EVENT, type TurnListFilter } from "../../lib/store/turn-store";
import type { PostgresDatabase } from "./client";
import { runInTransaction } from "./run-in-transaction";
import { conversation, message, toolCall, traceEvent, turn } from "./schema";
import { writeTurnRows } from "./turn-rows";
import { toConversationDetail, toConversationSummary, toTurnSummaries, toTurnTrace } from "../read-models";

/** The largest page (100) plus the one row a page reads ahead to know whether another page follows. */
const MAX_ROWS_READ = 101;

/** Where a page starts: after the conversation (updatedAt, id) that ended the previous one, newest first. */
function afterCursor(before: string | undefined, beforeId: string | undefined) {
  if (!before) return undefined;
  const updatedAt = new Date(before);
  if (beforeId === undefined) return lt(conversation.updatedAt, updatedAt);
  return or(lt(conversation.updatedAt, updatedAt), and(eq(conversation.updatedAt, updatedAt), lt(conversation.id, beforeId)));
}

export function createPostgresConversationStore(db: PostgresDatabase): ConversationStore {
  const owned = (userId: string, conversationId: string) => and(eq(conversation.id, conversationId), eq(conversation.userId, userId));
  return {
    list: async ({ userId, limit, before, beforeId }) => {
      const rows = await db
        .select()
        .from(conversation)
        .where(and(eq(conversation.userId, userId), afterCursor(before, beforeId)))
        .orderBy(desc(conversation.updatedAt), desc(conversation.id))
        .limit(Math.min(Math.max(limit, 1), MAX_ROWS_READ));
      return rows.map(toConversationSummary);
    },
    get: async ({ userId, conversationId }) => {
      const [row] = await db.select().from(conversation).where(owned(userId, conversationId));
      if (!row) return undefined;
      const messages = await db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq));
      const ids = messages.map((entry) => entry.id);
      const calls = ids.length === 0 ? [] : await db.select().from(toolCall).where(inArray(toolCall.messageId, ids)).orderBy(asc(toolCall.position));
      const turns = await db.select().from(turn).where(eq(turn.conversationId, conversationId)).orderBy(asc(turn.startedAt));
      return toConversationDetail({ conversation: row, messages, calls, turns });
    },
    isOwnedBy: async ({ userId, conversationId }) =>
      (await db.select({ id: conversation.id }).from(conversation).where(owned(userId, conversationId))).length > 0,
    history: async ({ conversationId }) => {
      const messages = await db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq));
      const ids = messages.map((row) => row.id);
      const toolCalls = ids.length === 0 ? [] : await db.select().from(toolCall).where(inArray(toolCall.messageId, ids)).orderBy(asc(toolCall.position));
      return { messages, toolCalls };
    },
    nextMessageSeq: async ({ conversationId }) => {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${message.seq}) + 1, 0)::int` })
        .from(message)
        .where(eq(message.conversationId, conversationId));
      return row?.next ?? 0;
    },
    rename: async ({ userId, conversationId, title }) =>
      (await db.update(conversation).set({ title }).where(owned(userId, conversationId)).returning({ id: conversation.id })).length > 0,
    delete: async ({ userId, conversationId }) =>
      (await db.delete(conversation).where(owned(userId, conversationId)).returning({ id: conversation.id })).length > 0,
  };
}

/** What the traces list reads of a turn's calls: its resolution, and each call's name and end. */
const listedCallColumns = {
  turnId: toolCall.turnId,
  name: toolCall.name,
  status: toolCall.status,
  error: toolCall.errorCode,
  idempotencyKey: toolCall.idempotencyKey,
  resolution: toolCall.resolution,
};
const listedMessageColumns = {
  turnId: message.turnId,
  seq: message.seq,
  role: message.role,
  content: message.content,
  untraceableNumbers: message.untraceableNumbers,
};

/** The list's narrowing: a turn outcome ("unfinished": none stored yet), a tool one of the turn's calls named. */
function listFilter(filter: TurnListFilter) {
  const outcome = filter.outcome === undefined ? undefined : filter.outcome === "unfinished" ? isNull(turn.outcome) : eq(turn.outcome, filter.outcome);
  const tool =
    filter.tool === undefined ? undefined : sql`exists (select 1 from ${toolCall} where ${toolCall.turnId} = ${turn.id} and ${toolCall.name} = ${filter.tool})`;
  return and(outcome, tool);
}

export function createPostgresTurnStore(options: { db: PostgresDatabase; pool: pg.Pool; commitTimeoutMs: number }): TurnStore {
  const { db } = options;
  return {
    writeRows: async (rows) => {
      await runInTransaction({ ...options, body: (tx) => writeTurnRows(tx, rows) });
    },
    list: async ({ userId, limit, ...filter }) => {
      const rows = await db
        .select()
        .from(turn)
        .where(and(eq(turn.userId, userId), listFilter(filter)))
        .orderBy(desc(turn.startedAt))
        .limit(limit);
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return [];
      const calls = await db
        .select(listedCallColumns)
        .from(toolCall)
        .where(inArray(toolCall.turnId, ids))
        .orderBy(asc(toolCall.createdAt), asc(toolCall.position));
      const messages = await db.select(listedMessageColumns).from(message).where(inArray(message.turnId, ids));
      const faultEvents = await db
        .select({ turnId: traceEvent.turnId, data: traceEvent.data })
        .from(traceEvent)
        .where(and(inArray(traceEvent.turnId, ids), eq(traceEvent.type, FAULT_INJECTED_EVENT)));
      return toTurnSummaries(rows, { calls, messages, faultEvents });
    },
    getTrace: async ({ userId, turnId }) => {
      const [row] = await db
        .select()
        .from(turn)
        .where(and(eq(turn.id, turnId), eq(turn.userId, userId)));
      if (!row) return undefined;
      const events = await db.select().from(traceEvent).where(eq(traceEvent.turnId, turnId)).orderBy(asc(traceEvent.seq));
      const calls = await db.select().from(toolCall).where(eq(toolCall.turnId, turnId)).orderBy(asc(toolCall.createdAt), asc(toolCall.position));
      const messages = await db.select().from(message).where(eq(message.turnId, turnId)).orderBy(asc(message.seq));
      return toTurnTrace({ turn: row, events, calls, messages });
    },
    summarizeMetrics: async ({ userId, since }) => {
      const day = sql<string>`to_char(${toolCall.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const toolResults = await db
        .select({
          day,
          tool: toolCall.name,
          status: toolCall.status,
          error: sql<string>`coalesce(${toolCall.errorCode}, '')`,
          count: sql<number>`count(*)::int`,
        })
        .from(toolCall)
        .where(and(eq(toolCall.userId, userId), gte(toolCall.createdAt, since)))
        .groupBy(day, toolCall.name, toolCall.status, toolCall.errorCode)
        .orderBy(day);
      const turnOutcomes = await db
        .select({ outcome: sql<string>`coalesce(${turn.outcome}, 'unfinished')`, count: sql<number>`count(*)::int` })
        .from(turn)
        .where(and(eq(turn.userId, userId), gte(turn.startedAt, since)))
        .groupBy(turn.outcome);
      const requestEvents = await db
        .select({ data: traceEvent.data })
        .from(traceEvent)
        .innerJoin(turn, eq(traceEvent.turnId, turn.id))
        .where(and(eq(turn.userId, userId), eq(traceEvent.type, "model-request-end"), gte(traceEvent.at, since)));
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
    },
  };
}

export function createPostgresToolCallStore(db: PostgresDatabase): ToolCallStore {
  return {
    findOwnWriteCall: async ({ userId, toolCallId }) => {
      const [row] = await db
        .select()
        .from(toolCall)
        .where(and(eq(toolCall.id, toolCallId), eq(toolCall.userId, userId)));
      if (!row || !row.idempotencyKey) return undefined;
      return {
        toolCallId: row.id,
        name: row.name,
        idempotencyKey: row.idempotencyKey,
        arguments: row.arguments,
        turnId: row.turnId,
        resolution: row.resolution,
      };
    },
    setResolution: async ({ toolCallId, resolution }) => {
      await db.update(toolCall).set({ resolution }).where(eq(toolCall.id, toolCallId));
    },
  };
}
