// The SQLite side of the port's MCP traces: one insert per call, and the owner's reads.
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { McpToolCallStore } from "../../lib/store/mcp-tool-call-store";
import type { DatabaseHandle } from "./open-database";
import { mcpToolCall } from "./schema";

export function createSqliteMcpToolCallStore(handle: DatabaseHandle): McpToolCallStore {
  const { db } = handle;
  return {
    record: async (row) => {
      db.insert(mcpToolCall).values(row).run();
    },
    list: async ({ userId, limit }) =>
      db.select().from(mcpToolCall).where(eq(mcpToolCall.userId, userId)).orderBy(desc(mcpToolCall.startedAt)).limit(limit).all(),
    find: async ({ userId, id }) =>
      db
        .select()
        .from(mcpToolCall)
        .where(and(eq(mcpToolCall.id, id), eq(mcpToolCall.userId, userId)))
        .get(),
  };
}
