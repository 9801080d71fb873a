// The stored traces of MCP tool calls: one row written when a call ends, read back for /traces (a user's own only).
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { AppDatabase } from "./client";
import { mcpToolCall } from "./schema";

export type McpToolCallRow = typeof mcpToolCall.$inferSelect;

/** One synchronous insert, after the call's own work (and its transaction, for a save) has finished. */
export function insertMcpToolCall(db: AppDatabase, row: typeof mcpToolCall.$inferInsert): void {
  db.insert(mcpToolCall).values(row).run();
}

export function listMcpToolCalls(options: { db: AppDatabase; userId: string; limit: number }): McpToolCallRow[] {
  return options.db.select().from(mcpToolCall).where(eq(mcpToolCall.userId, options.userId)).orderBy(desc(mcpToolCall.startedAt)).limit(options.limit).all();
}

/** The call, or undefined when there is none with this id for this user (another user's id included). */
export function findMcpToolCall(options: { db: AppDatabase; userId: string; id: string }): McpToolCallRow | undefined {
  return options.db.select().from(mcpToolCall).where(and(eq(mcpToolCall.id, options.id), eq(mcpToolCall.userId, options.userId))).get();
}
