// The port's MCP traces: one row per tool call an assistant made over /api/mcp, read back by its owner only.
import type { McpToolCallRow } from "./records";

export interface McpToolCallStore {
  /** Written once, when the call has ended (after a save's own transaction). */
  record(row: McpToolCallRow): Promise<void>;
  /** The user's calls, newest first. */
  list(options: { userId: string; limit: number }): Promise<McpToolCallRow[]>;
  /** The call, or undefined when this user has none with this id (another user's id included). */
  find(options: { userId: string; id: string }): Promise<McpToolCallRow | undefined>;
}
