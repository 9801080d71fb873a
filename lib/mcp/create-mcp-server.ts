// A protocol server for one HTTP request (stateless mode): tools/list and tools/call, nothing else. The SDK's low-level
// Server, not McpServer: McpServer validates arguments with its own zod pass and answers failures in its own words,
// while here the Coach's dispatcher must judge them (bad_arguments, with a valid form to copy), as it does in the chat.
import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import packageJson from "@/package.json";
import type { Locale } from "@/lib/i18n/locale";
import { logEvent } from "@/lib/observability/logger";
import { newTraceId } from "@/lib/observability/trace-id";
import type { McpCaller } from "./authenticate-mcp-caller";
import { callMcpTool } from "./call-mcp-tool";
import { getMcpToolDeclarations } from "./mcp-tools";

/** Told to the assistant at initialization: how to read the results, which are the same as the Coach's. */
const instructions = [
  "Palestra keeps one person's body measurements. Dates are YYYY-MM-DD calendar dates, never in the future; values are metric (the save converts pounds and inches given with units).",
  'A failed call returns isError: true and structured content with "error" (a stable code), "message" and "recovery":',
  "correct_arguments: fix the arguments as the message says and call again; choose_alternative: try another query or answer without this data;",
  "narrow_scope: ask for a smaller range; stop_turn: stop calling tools for this request and tell the person what the message says (after outcome_unknown, do not claim the save happened or failed).",
  "not_found for a date says only that this date has no record; unavailable means the data is unknown right now, never that it does not exist.",
  "When retrying a save_measurement after an error or a lost answer, send the same idempotency_key: nothing is saved twice.",
].join("\n");

/**
 * tools/call with its params left to the check the SDK's Server wraps around this handler, which answers a malformed
 * call -32602 Invalid params. Registered with the full schema, the params would be parsed before that check, and a
 * malformed call would come back as -32603 Internal error.
 */
const toolsCallSchema = z.object({ method: z.literal("tools/call"), params: z.unknown() });

export type McpRequestContext = { caller: McpCaller; locale: Locale; today: string; client: string | null };

export function createMcpServer(context: McpRequestContext): Server {
  const server = new Server({ name: "palestra", title: "Palestra", version: packageJson.version }, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: getMcpToolDeclarations() }));
  server.setRequestHandler(toolsCallSchema, async (request) => {
    const { params } = CallToolRequestSchema.parse(request);
    try {
      return await callMcpTool({ ...context, name: params.name, arguments: params.arguments });
    } catch (error) {
      // The SDK would send the exception's own message (-32603 "Maximum call stack size exceeded"): ours goes instead,
      // the exception to the log under the trace id it names.
      const traceId = newTraceId();
      logEvent("error", "mcp-tool-call-failed", { trace_id: traceId, tool: params.name, error });
      throw new McpError(ErrorCode.InternalError, `Internal error: the call failed unexpectedly. It was logged under ${traceId}.`);
    }
  });
  return server;
}
