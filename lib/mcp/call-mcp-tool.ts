// One tools/call over MCP: the Coach's own dispatcher (validation before execution, read retries, the deadline, the
// idempotent save, QA storage faults), then the outcome as an MCP result and a trace row for /traces.
import "server-only";
import crypto from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { dispatchToolCall } from "@/lib/agent/dispatch-tool-call";
import type { Locale } from "@/lib/i18n/locale";
import { logEvent } from "@/lib/observability/logger";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { createRequestScope } from "@/lib/scope/request-scope";
import type { McpCaller } from "./authenticate-mcp-caller";
import { mcpToolsByName } from "./mcp-tools";

export type McpCallOptions = {
  caller: McpCaller;
  name: string;
  /** The arguments as the client sent them (any JSON value; the dispatcher judges them). */
  arguments: unknown;
  locale: Locale;
  today: string;
  /** The client's User-Agent, kept on the trace only. */
  client: string | null;
};

/** A write's key: the client's own `idempotency_key` when it sent one (the dispatcher validates it), else one for this call. */
function idempotencyKeyOf(args: unknown): string {
  const sent = args !== null && typeof args === "object" ? (args as Record<string, unknown>).idempotency_key : undefined;
  return typeof sent === "string" ? sent : `mcp_${crypto.randomUUID()}`;
}

export async function callMcpTool(options: McpCallOptions): Promise<CallToolResult> {
  const { caller, name, locale, today } = options;
  const scope = createRequestScope({ user: caller.user, locale, today });
  const { store, userId, traceId } = scope;
  const argumentsText = JSON.stringify(options.arguments ?? {});
  const writes = mcpToolsByName.get(name)?.writes === true;
  const idempotencyKey = writes ? idempotencyKeyOf(options.arguments) : undefined;
  const startedAt = new Date();
  const result = await dispatchToolCall({
    name,
    argumentsText,
    registry: mcpToolsByName,
    timeoutMs: scope.toolTimeoutMs,
    context: {
      store,
      userId,
      traceId,
      locale,
      today: scope.today,
      unitSystem: scope.unitSystem,
      faults: scope.faults,
      idempotencyKey,
      surface: "mcp",
      authorize: (tool) => !tool.writes || caller.scope === "read_write" || toolErrorMessages[locale].readOnlyKey({ tool: tool.name }),
    },
  });
  const { outcome, serialized } = result;
  try {
    await store.mcpToolCalls.record({
      id: crypto.randomUUID(),
      userId,
      traceId,
      apiKeyId: caller.apiKeyId,
      client: options.client,
      name,
      arguments: argumentsText,
      idempotencyKey: idempotencyKey ?? null,
      status: outcome.isError ? "error" : "ok",
      isError: outcome.isError,
      errorCode: outcome.isError ? outcome.content.error : null,
      recovery: outcome.isError ? outcome.content.recovery : null,
      outcome: serialized,
      attempts: result.attempts,
      latencyMs: result.latencyMs,
      startedAt,
      finishedAt: new Date(),
    });
  } catch (error) {
    // The call's own result stands (a save is already committed or not); only its trace is missing.
    logEvent("error", "mcp-trace-write-failed", { trace_id: traceId, tool: name, error });
  }
  // The text block is the stored string itself, so a replay is byte for byte what the first call returned.
  return { content: [{ type: "text", text: serialized }], structuredContent: JSON.parse(serialized) as Record<string, unknown>, isError: outcome.isError };
}
