// Read models of a user's conversations: the list, and one conversation with its tool calls and stored outcomes.
import "server-only";
import { and, asc, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { conversation, message, toolCall, turn } from "@/db/schema";
import type { WriteResolution } from "@/lib/agent/write-resolutions";

export type ConversationSummary = { id: string; title: string; createdAt: string; updatedAt: string };

export type StoredToolCall = {
  id: string;
  callId: string;
  name: string;
  arguments: string;
  status: "running" | "ok" | "error" | "skipped";
  isError: boolean | null;
  error: string | null;
  recovery: string | null;
  outcome: string | null;
  attempts: number;
  latencyMs: number | null;
  idempotencyKey: string | null;
  resolution: WriteResolution | null;
};

export type StoredMessage = {
  id: string;
  turnId: string;
  role: "user" | "assistant";
  author: "user" | "model" | "harness";
  content: string;
  createdAt: string;
  toolCalls: StoredToolCall[];
};

export type ConversationDetail = ConversationSummary & {
  messages: StoredMessage[];
  turns: { id: string; outcome: string | null; provider: string; model: string; modelRequests: number; startedAt: string }[];
};

/** Where a page starts: after the conversation (updatedAt, id) that ended the previous one, in newest-first order. */
function afterCursor(before: string | undefined, beforeId: string | undefined) {
  if (!before) return undefined;
  const updatedAt = new Date(before);
  // updatedAt alone (the older cursor) skips the rest of a millisecond shared across a page boundary; with the id it
  // does not.
  if (beforeId === undefined) return lt(conversation.updatedAt, updatedAt);
  return or(lt(conversation.updatedAt, updatedAt), and(eq(conversation.updatedAt, updatedAt), lt(conversation.id, beforeId)));
}

/**
 * Newest first, ties broken by id (descending). `before` and `beforeId` are the updatedAt (ISO) and id of the last
 * item of the previous page; `before` alone is the older cursor, kept for clients that send only it.
 */
/** The largest page (100) plus the one row a page reads ahead to know whether another page follows. */
const MAX_ROWS_READ = 101;

export function listConversations(options: { db: AppDatabase; userId: string; limit?: number; before?: string; beforeId?: string }): ConversationSummary[] {
  const { db, userId, limit = 20, before, beforeId } = options;
  return db
    .select()
    .from(conversation)
    .where(and(eq(conversation.userId, userId), afterCursor(before, beforeId)))
    .orderBy(desc(conversation.updatedAt), desc(conversation.id))
    .limit(Math.min(Math.max(limit, 1), MAX_ROWS_READ))
    .all()
    .map((row) => ({ id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
}

export function toStoredToolCall(row: typeof toolCall.$inferSelect): StoredToolCall {
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

/** The conversation with every message and tool call, or undefined when it is not this user's. */
export function getConversation(options: { db: AppDatabase; userId: string; conversationId: string }): ConversationDetail | undefined {
  const { db, userId, conversationId } = options;
  const row = db.select().from(conversation).where(and(eq(conversation.id, conversationId), eq(conversation.userId, userId))).get();
  if (!row) return undefined;
  const messages = db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq)).all();
  const ids = messages.map((entry) => entry.id);
  const calls = ids.length === 0 ? [] : db.select().from(toolCall).where(inArray(toolCall.messageId, ids)).orderBy(asc(toolCall.position)).all();
  const turns = db.select().from(turn).where(eq(turn.conversationId, conversationId)).orderBy(asc(turn.startedAt)).all();
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messages: messages.map((entry) => ({
      id: entry.id,
      turnId: entry.turnId,
      role: entry.role,
      author: entry.author,
      content: entry.content,
      createdAt: entry.createdAt.toISOString(),
      toolCalls: calls.filter((call) => call.messageId === entry.id).map(toStoredToolCall),
    })),
    turns: turns.map((entry) => ({ id: entry.id, outcome: entry.outcome, provider: entry.provider, model: entry.model, modelRequests: entry.modelRequests, startedAt: entry.startedAt.toISOString() })),
  };
}
