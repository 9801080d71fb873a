// Everything stored for one user, gathered for the account export (measurements, conversations, turns, tool calls, MCP calls...).
import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { conversation, fault, idempotencyRecord, mcpToolCall, message, toolCall, traceEvent, turn, user } from "@/db/schema";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";

export const ACCOUNT_EXPORT_VERSION = 1;

export function exportAccountData(options: { db: AppDatabase; userId: string }) {
  const { db, userId } = options;
  const profile = db
    .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId))
    .get();
  const conversationIds = db.select({ id: conversation.id }).from(conversation).where(eq(conversation.userId, userId));
  const turnIds = db.select({ id: turn.id }).from(turn).where(eq(turn.userId, userId));
  return {
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    user: profile ?? null,
    measurements: listAllMeasurements({ db, userId }),
    conversations: db.select().from(conversation).where(eq(conversation.userId, userId)).orderBy(asc(conversation.createdAt)).all(),
    turns: db.select().from(turn).where(eq(turn.userId, userId)).orderBy(asc(turn.startedAt)).all(),
    messages: db.select().from(message).where(inArray(message.conversationId, conversationIds)).orderBy(asc(message.conversationId), asc(message.seq)).all(),
    tool_calls: db.select().from(toolCall).where(eq(toolCall.userId, userId)).orderBy(asc(toolCall.createdAt), asc(toolCall.position)).all(),
    trace_events: db.select().from(traceEvent).where(inArray(traceEvent.turnId, turnIds)).orderBy(asc(traceEvent.turnId), asc(traceEvent.seq)).all(),
    idempotency_records: db
      .select({ key: idempotencyRecord.key, operation: idempotencyRecord.operation, isError: idempotencyRecord.isError, outcome: idempotencyRecord.outcome, createdAt: idempotencyRecord.createdAt })
      .from(idempotencyRecord)
      .where(eq(idempotencyRecord.userId, userId))
      .orderBy(asc(idempotencyRecord.createdAt))
      .all(),
    faults: db.select().from(fault).where(eq(fault.userId, userId)).all(),
    mcp_tool_calls: db.select().from(mcpToolCall).where(eq(mcpToolCall.userId, userId)).orderBy(asc(mcpToolCall.startedAt)).all(),
  };
}

export type AccountExport = ReturnType<typeof exportAccountData>;
