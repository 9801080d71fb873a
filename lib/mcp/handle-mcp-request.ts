// /api/mcp over Streamable HTTP, stateless: every POST gets its own protocol server and transport, and nothing about a
// client is kept in the process between requests (several instances behind a load balancer answer alike). Before the
// SDK sees a request: the method, the API key, the body cap and a JSON-RPC shape check, each with a clear JSON-RPC error.
import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "@/lib/http/json-depth";
import { readBodyWithin } from "@/lib/http/read-json-body";
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { logEvent } from "@/lib/observability/logger";
import { newTraceId } from "@/lib/observability/trace-id";
import { todayForTimeZone } from "@/lib/measurements/dates";
import { authenticateMcpCaller } from "./authenticate-mcp-caller";
import { createMcpServer } from "./create-mcp-server";
import {
  jsonRpcErrorResponse,
  JSON_RPC_INTERNAL_ERROR,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_UNAUTHORIZED,
} from "./json-rpc-error-response";

const bodySchema = z.union([JSONRPCMessageSchema, z.array(JSONRPCMessageSchema).min(1)]);

/** GET (a server-to-client stream) and DELETE (ending a session) belong to session mode, which this server does not use. */
export function methodNotAllowedResponse(): Response {
  return jsonRpcErrorResponse({
    status: 405,
    code: JSON_RPC_INVALID_REQUEST,
    message: "Method not allowed: this MCP server is stateless; send each JSON-RPC message in its own POST.",
    headers: { allow: "POST" },
  });
}

function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
  return `${first?.message ?? "not a JSON-RPC 2.0 message"}${where}`;
}

/** An unexpected exception becomes a JSON-RPC internal error with a trace id (the exception goes to the log only). */
export function mcpRoute(route: string, handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (error) {
      const traceId = newTraceId();
      logEvent("error", "api-route-failed", { trace_id: traceId, route, error });
      return jsonRpcErrorResponse({
        status: 500,
        code: JSON_RPC_INTERNAL_ERROR,
        message: `Internal error: the request failed unexpectedly. It was logged under ${traceId}.`,
      });
    }
  };
}

export async function handleMcpPost(request: Request): Promise<Response> {
  const authentication = await authenticateMcpCaller(request);
  if (authentication.caller === null) {
    const { retryAfterSeconds } = authentication;
    if (retryAfterSeconds !== null) {
      return jsonRpcErrorResponse({
        status: 429,
        code: JSON_RPC_UNAUTHORIZED,
        message: `Too many requests: too many invalid API keys came from this address. Try again in ${retryAfterSeconds} seconds.`,
        headers: { "retry-after": String(retryAfterSeconds) },
      });
    }
    return jsonRpcErrorResponse({
      status: 401,
      code: JSON_RPC_UNAUTHORIZED,
      message: "Unauthorized: send an API key as Authorization: Bearer <key>. Create one on the account page of this Palestra.",
      headers: { "www-authenticate": 'Bearer realm="palestra"' },
    });
  }
  const caller = authentication.caller;
  const maxBytes = getEnv().PALESTRA_MAX_BODY_BYTES;
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) {
    return jsonRpcErrorResponse({
      status: 413,
      code: JSON_RPC_INVALID_REQUEST,
      message: `Request too large: the body must be at most ${maxBytes} bytes (PALESTRA_MAX_BODY_BYTES).`,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return jsonRpcErrorResponse({ status: 400, code: JSON_RPC_PARSE_ERROR, message: "Parse error: the body is not a JSON document." });
  }
  if (exceedsJsonDepth(body)) {
    const message = `Invalid Request: the body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`;
    return jsonRpcErrorResponse({ status: 400, code: JSON_RPC_INVALID_REQUEST, message });
  }
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    const message = `Invalid Request: the body must be a JSON-RPC 2.0 message (or a list of them) with "jsonrpc": "2.0" and a "method"; ${describeIssues(parsed.error)}.`;
    return jsonRpcErrorResponse({ status: 400, code: JSON_RPC_INVALID_REQUEST, message });
  }

  const server = createMcpServer({
    caller,
    locale: localeFromAcceptLanguage(request.headers.get("accept-language")),
    today: todayForTimeZone(request.headers.get("time-zone") ?? undefined),
    client: request.headers.get("user-agent")?.slice(0, 200) ?? null,
  });
  // JSON responses, not SSE: every call ends in one result and nothing streams, so a plain body is simpler for clients and proxies.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: parsed.data });
    response.headers.set("cache-control", "no-store");
    return response;
  } finally {
    await transport.close();
    await server.close();
  }
}
