// The port's conversations, turns and tool calls over SQLite: the turn's rows, history, read models and traces.
import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { FAULT_INJECTED_EVENT, type ConversationStore, type ToolCallStore, type TurnListFilter, type TurnStore } from "../../lib/store/turn-store";
import type { DatabaseHandle } from "./open-database";
import { compileQuotaCount, settleQuotaUse } from "./quota-uses";
import { compileTurnRows, writeTurnRows } from "./row-writes";
import { turnWriterOf } from "./turn-writer";
import { conversation, message, toolCall, traceEvent, turn } from "./schema";
import { toConversationDetail, toConversationSummary, toTurnSummaries, toTurnTrace } from "../read-models";

/** The largest page (100) plus the one row a page reads ahead to know whether another page follows. */
const MAX_CONVERSATION_ROWS = 101;

/** Where a page starts: after the conversation (updatedAt, id) that ended the previous one, in newest-first order. */
function afterCursor(before: string | undefined, beforeId: string | undefined) {
  if (!before) return undefined;
  const updatedAt = new Date(before);
  // updatedAt alone (the older cursor) skips the rest of a millisecond shared across a page boundary; with the id it
  // does not.
  if (beforeId === undefined) return lt(conversation.updatedAt, updatedAt);
  return or(lt(conversation.updatedAt, updatedAt), and(eq(conversation.updatedAt, updatedAt), lt(conversation.id, beforeId)));
}

export function createSqliteConversationStore(handle: DatabaseHandle): ConversationStore {
  const { db } = handle;
  const owned = (userId: string, conversationId: string) => and(eq(conversation.id, conversationId), eq(conversation.userId, userId));
  return {
    list: async ({ userId, limit, before, beforeId }) =>
      db
        .select()
        .from(conversation)
        .where(and(eq(conversation.userId, userId), afterCursor(before, beforeId)))
        .orderBy(desc(conversation.updatedAt), desc(conversation.id))
        .limit(Math.min(Math.max(limit, 1), MAX_CONVERSATION_ROWS))
        .all()
        .map(toConversationSummary),
    get: async ({ userId, conversationId }) => {
      const row = db.select().from(conversation).where(owned(userId, conversationId)).get();
      if (!row) return undefined;
      const messages = db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq)).all();
      const ids = messages.map((entry) => entry.id);
      const calls = ids.length === 0 ? [] : db.select().from(toolCall).where(inArray(toolCall.messageId, ids)).orderBy(asc(toolCall.position)).all();
      const turns = db.select().from(turn).where(eq(turn.conversationId, conversationId)).orderBy(asc(turn.startedAt)).all();
      return toConversationDetail({ conversation: row, messages, calls, turns });
    },
    isOwnedBy: async ({ userId, conversationId }) =>
      db.select({ id: conversation.id }).from(conversation).where(owned(userId, conversationId)).get() !== undefined,
    history: async ({ conversationId }) => {
      const messages = db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq)).all();
      const assistantIds = messages.filter((row) => row.role === "assistant").map((row) => row.id);
      const toolCalls =
        assistantIds.length === 0 ? [] : db.select().from(toolCall).where(inArray(toolCall.messageId, assistantIds)).orderBy(asc(toolCall.position)).all();
      return { messages, toolCalls };
    },
    nextMessageSeq: async ({ conversationId }) => {
      const row = db.get<{ next: number }>(
        sql`select coalesce(max(${message.seq}), -1) + 1 as next from ${message} where ${message.conversationId} = ${conversationId}`,
      );
      return row?.next ?? 0;
    },
    rename: async ({ userId, conversationId, title }) => db.update(conversation).set({ title }).where(owned(userId, conversationId)).run().changes > 0,
    // Turns, messages, tool calls and trace events go with it (foreign keys cascade).
    delete: async ({ userId, conversationId }) => db.delete(conversation).where(owned(userId, conversationId)).run().changes > 0,
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

export function createSqliteTurnStore(handle: DatabaseHandle): TurnStore {
  const { db } = handle;
  return {
    writeRows: async (rows) => {
      const writer = turnWriterOf(handle);
      if (writer === undefined) {
        // A database without a file: the statements run on this connection's open transaction (better-sqlite3
        // transactions belong to the connection, not to the `tx` object).
        settleQuotaUse(
          db,
          db.transaction(() => writeTurnRows(handle, rows), { behavior: "immediate" }),
        );
        return;
      }
      // On the writer's thread: the same statements and the same quota count, committed with the other turns handed
      // over meanwhile (turn-write-thread.mjs).
      const use = rows.quotaUse;
      const quota = compileQuotaCount(db, { use, turnId: rows.turn.id });
      const { counted } = await writer.write({ statements: compileTurnRows(db, rows), quota });
      if (counted) settleQuotaUse(db, use);
    },
    list: async ({ userId, limit, ...filter }) => {
      const rows = db
        .select()
        .from(turn)
        .where(and(eq(turn.userId, userId), listFilter(filter)))
        .orderBy(desc(turn.startedAt))
        .limit(limit)
        .all();
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return [];
      const calls = db
        .select(listedCallColumns)
        .from(toolCall)
        .where(inArray(toolCall.turnId, ids))
        .orderBy(asc(toolCall.createdAt), asc(toolCall.position))
        .all();
      const messages = db.select(listedMessageColumns).from(message).where(inArray(message.turnId, ids)).all();
      const faultEvents = db
        .select({ turnId: traceEvent.turnId, data: traceEvent.data })
        .from(traceEvent)
        .where(and(inArray(traceEvent.turnId, ids), eq(traceEvent.type, FAULT_INJECTED_EVENT)))
        .all();
      return toTurnSummaries(rows, { calls, messages, faultEvents });
    },
    getTrace: async ({ userId, turnId }) => {
      const row = db
        .select()
        .from(turn)
        .where(and(eq(turn.id, turnId), eq(turn.userId, userId)))
        .get();
      if (!row) return undefined;
      const events = db.select().from(traceEvent).where(eq(traceEvent.turnId, turnId)).orderBy(asc(traceEvent.seq)).all();
      const calls = db.select().from(toolCall).where(eq(toolCall.turnId, turnId)).orderBy(asc(toolCall.createdAt), asc(toolCall.position)).all();
      const messages = db.select().from(message).where(eq(message.turnId, turnId)).orderBy(asc(message.seq)).all();
      return toTurnTrace({ turn: row, events, calls, messages });
    },
    summarizeMetrics: async ({ userId, since }) => {
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
    },
  };
}

export function createSqliteToolCallStore(handle: DatabaseHandle): ToolCallStore {
  const { db } = handle;
  return {
    findOwnWriteCall: async ({ userId, toolCallId }) => {
      const row = db
        .select()
        .from(toolCall)
        .where(and(eq(toolCall.id, toolCallId), eq(toolCall.userId, userId)))
        .get();
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
      db.update(toolCall).set({ resolution }).where(eq(toolCall.id, toolCallId)).run();
    },
  };
}
