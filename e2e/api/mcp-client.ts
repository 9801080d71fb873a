// The MCP specs' client side: API keys made through the API, and the SDK's own Client over its Streamable HTTP
// transport, pointed at the server under test.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, type APIRequestContext } from "@playwright/test";

/**
 * A new API key of the session's user (POST /api/v1/api-keys, which only a session may call); a cookie session sends
 * the app's `origin`, as a page would.
 */
export async function createApiKey(session: APIRequestContext, scope: "read" | "read_write", headers: Record<string, string> = {}): Promise<string> {
  const response = await session.post("/api/v1/api-keys", { data: { name: `mcp spec ${scope}`, scope }, headers });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

/** Connected (initialize done) and with the tool list read, so callTool validates results against each outputSchema. */
export async function connectMcp(options: { baseURL: string; key?: string; headers?: Record<string, string> }): Promise<Client> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", options.baseURL), { requestInit: { headers } });
  const client = new Client({ name: "palestra-e2e", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  return client;
}

export async function callMcpTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text block: the same JSON as structuredContent, as the server serialized it once. */
export function resultText(result: CallToolResult): string {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  expect(block?.type).toBe("text");
  return (block as { text: string }).text;
}

/** A raw POST to /api/mcp, for what the SDK's client would never send (bad JSON-RPC, oversized bodies). */
export function postMcp(request: APIRequestContext, options: { key?: string; body: string | Buffer; headers?: Record<string, string> }) {
  return request.post("/api/mcp", {
    // A Buffer goes out byte for byte (Playwright would JSON-encode a string sent as application/json).
    data: Buffer.from(options.body),
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(options.key === undefined ? {} : { authorization: `Bearer ${options.key}` }),
      ...options.headers,
    },
  });
}
