// Everything stored for one user, gathered for the account export (measurements, conversations, turns, tool calls, MCP calls...).
import "server-only";
import { toMeasurementRecord } from "@/lib/measurements/measurement-record";
import type { Store } from "@/lib/store/store";

export const ACCOUNT_EXPORT_VERSION = 1;

export async function exportAccountData(options: { store: Store; userId: string }) {
  const data = await options.store.accounts.exportData({ userId: options.userId });
  return {
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    user: data.user,
    measurements: data.measurements.map((row) => toMeasurementRecord(row)),
    conversations: data.conversations,
    turns: data.turns,
    messages: data.messages,
    tool_calls: data.toolCalls,
    trace_events: data.traceEvents,
    idempotency_records: data.idempotencyRecords,
    faults: data.faults,
    mcp_tool_calls: data.mcpToolCalls,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;
