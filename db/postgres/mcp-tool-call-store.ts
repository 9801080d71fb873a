// The PostgreSQL side of the port's MCP traces: one insert per call, and the owner's reads.
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { McpToolCallStore } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { mcpToolCall } from "./schema";

export function createPostgresMcpToolCallStore(db: PostgresDatabase): McpToolCallStore {
  return {
    record: async (row) => {
      await db.insert(mcpToolCall).values(row);
    },
    list: async ({ userId, limit }) =>
      await db.select().from(mcpToolCall).where(eq(mcpToolCall.userId, userId)).orderBy(desc(mcpToolCall.startedAt)).limit(limit),
    find: async ({ userId, id }) => {
      const [row] = await db
        .select()
        .from(mcpToolCall)
        .where(and(eq(mcpToolCall.id, id), eq(mcpToolCall.userId, userId)));
      return row;
    },
  };
}
