import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { getToolDeclarations } from "@/lib/agent/tools";
import { getMetrics } from "@/lib/observability/metrics";
import type { McpCaller } from "@/lib/mcp/authenticate-mcp-caller";
import { createMcpServer } from "@/lib/mcp/create-mcp-server";
import type { Store } from "@/lib/store/store";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
let userId: string;
const clients: Client[] = [];

/** The store with every measurement read and write throwing what its driver throws when the table is gone. */
function withMeasurementTableGone(store: Store): Store {
  const error = store.dialect === "sqlite" ? new Error("SQLITE_ERROR: no such table: measurement") : new Error('relation "measurement" does not exist');
  const measurements = new Proxy(store.measurements, { get: () => () => Promise.reject(error) });
  return new Proxy(store, { get: (target, property, receiver) => (property === "measurements" ? measurements : Reflect.get(target, property, receiver)) });
}

/** The SDK's own client, connected in memory to the server one /api/mcp request would build. */
async function connect(options: { scope?: McpCaller["scope"]; locale?: "en" | "es" | "pt" } = {}): Promise<Client> {
  const caller: McpCaller = {
    user: { id: userId, email: "t@example.test", name: "T", units: "metric", passwordChangeRequired: false },
    scope: options.scope ?? "read_write",
    apiKeyId: "key_1",
  };
  const server = createMcpServer({ caller, locale: options.locale ?? "en", today: "2026-11-30", client: "vitest" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "vitest", version: "1" });
  await client.connect(clientSide);
  clients.push(client);
  // listTools caches each tool's outputSchema, which callTool then validates every structuredContent against.
  await client.listTools();
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => (result.content[0] as { type: "text"; text: string }).text;

async function mcpCounter(labels: Record<string, string>): Promise<number> {
  const metric = await getMetrics().toolResults.get();
  return metric.values
    .filter((value) => Object.entries(labels).every(([name, wanted]) => value.labels[name as keyof typeof value.labels] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

describe.each(storeAdapters)("the MCP server on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    setStore(database.store);
    userId = await createTestUser(database.store);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    setStore(undefined);
    await database.close();
  });

  it("lists the Coach's tools with the chat's descriptions and input schemas; the writes add only idempotency_key", async () => {
    const { tools } = await (await connect()).listTools();
    const chat = getToolDeclarations();
    expect(tools.map((tool) => tool.name)).toEqual(chat.map((declaration) => declaration.name));
    for (const tool of tools) {
      const declaration = chat.find((entry) => entry.name === tool.name);
      expect(tool.description).toBe(declaration?.description);
      const { idempotency_key: keySchema, ...properties } = tool.inputSchema.properties as Record<string, unknown>;
      expect({ ...tool.inputSchema, properties }).toEqual({ type: "object", ...declaration?.parameters });
      expect(keySchema === undefined).toBe(tool.name !== "save_measurement" && tool.name !== "set_goal");
      expect(tool.outputSchema).toMatchObject({
        type: "object",
        anyOf: [expect.any(Object), expect.objectContaining({ required: expect.arrayContaining(["kind", "error", "recovery"]) })],
      });
      expect(tool.annotations?.readOnlyHint).toBe(tool.name !== "save_measurement" && tool.name !== "set_goal");
    }
  });

  it("answers a success with structuredContent, the same JSON as text, and isError false; the trace row keeps it", async () => {
    const client = await connect();
    const result = await call(client, "save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 }, idempotency_key: "abc" });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ date: "2020-01-04", values: { weight_kg: 77.4 }, created: true, idempotency_key: "abc" });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    const [trace] = await database.store.mcpToolCalls.list({ userId, limit: 10 });
    expect(trace).toMatchObject({
      name: "save_measurement",
      status: "ok",
      isError: false,
      idempotencyKey: "abc",
      apiKeyId: "key_1",
      client: "vitest",
      outcome: textOf(result),
    });
  });

  it("serves get_trend to a read key: structuredContent the outputSchema accepts, and bad_arguments for a bad window", async () => {
    const client = await connect({ scope: "read" });
    await call(await connect(), "save_measurement", { date: "2026-11-01", values: { weight_kg: 80.2 } });
    const result = await call(client, "get_trend", { field: "weight_kg" });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ field: "weight_kg", records: 1, latest_trend: 80.2, enough_data: false, window_days: 28, goal: null });
    const refused = await call(client, "get_trend", { field: "weight_kg", days: 365 });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: "bad_arguments", details: { argument: "days", received: "365" } });
    expect(await mcpCounter({ tool: "get_trend", status: "ok", surface: "mcp" })).toBeGreaterThanOrEqual(1);
  });

  it("sets a goal with the client's idempotency_key: a retry with it replays, and get_trend then reports the goal", async () => {
    const client = await connect();
    const first = await call(client, "set_goal", { field: "weight_kg", target: 160, units: { mass: "lb" }, idempotency_key: "goal-key" });
    expect(first.structuredContent).toEqual({
      field: "weight_kg",
      target: 72.6,
      previous: null,
      idempotency_key: "goal-key",
      converted: { from: 160, unit: "lb" },
    });
    const retried = await call(client, "set_goal", { field: "weight_kg", target: 160, units: { mass: "lb" }, idempotency_key: "goal-key" });
    expect(textOf(retried)).toBe(textOf(first));
    const trend = await call(client, "get_trend", { field: "weight_kg" });
    expect(trend.structuredContent).toMatchObject({ goal: { target: 72.6 }, eta: null });
    const readOnly = await call(await connect({ scope: "read" }), "set_goal", { field: "weight_kg", target: 70 });
    expect(readOnly.structuredContent).toMatchObject({ error: "forbidden" });
  });

  it("gives a read key's save an isError forbidden result in the caller's language, and writes nothing", async () => {
    const before = await mcpCounter({ tool: "save_measurement", error: "forbidden", surface: "mcp" });
    const client = await connect({ scope: "read", locale: "es" });
    const result = await call(client, "save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ kind: "tool_error", error: "forbidden", recovery: "stop_turn", recoverable: false });
    expect((result.structuredContent as { message: string }).message).toMatch(/solo permite leer/);
    expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
    expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(0);
    expect(await mcpCounter({ tool: "save_measurement", error: "forbidden", surface: "mcp" })).toBe(before + 1);
    // Reading stays allowed.
    expect((await call(client, "read_measurement", { date: "2020-01-04" })).structuredContent).toMatchObject({ error: "not_found" });
  });

  it("validates before anything else: a read key with bad arguments gets bad_arguments, not forbidden", async () => {
    const result = await call(await connect({ scope: "read" }), "save_measurement", { date: "4th of March", values: { weight_kg: 77.4 } });
    expect(result.structuredContent).toMatchObject({ error: "bad_arguments", details: { argument: "date" } });
  });

  it("turns an unexpected storage exception in a read into internal, with nothing internal in the message", async () => {
    setStore(withMeasurementTableGone(database.store));
    const result = await call(await connect(), "read_measurement", { date: "2020-01-04" });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: "internal", recovery: "choose_alternative" });
    expect(textOf(result)).not.toMatch(/SQLITE|no such table|measurement\b/i);
    expect((await database.store.mcpToolCalls.list({ userId, limit: 10 }))[0]).toMatchObject({ name: "read_measurement", errorCode: "internal" });
  });

  it("makes a key per call when the client sends none, so two identical saves are two executions", async () => {
    const client = await connect();
    const first = await call(client, "save_measurement", { date: "2020-01-05", values: { weight_kg: 70 } });
    const second = await call(client, "save_measurement", { date: "2020-01-05", values: { weight_kg: 70 } });
    const keys = [first, second].map((result) => (result.structuredContent as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).toMatch(/^mcp_/);
    expect(keys[1]).not.toBe(keys[0]);
    expect((second.structuredContent as { created: boolean }).created).toBe(false);
    expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(2);
  });

  it("answers a malformed tools/call with -32602 Invalid params and runs nothing", async () => {
    const client = await connect();
    const request = client.request({ method: "tools/call", params: { name: "save_measurement", arguments: ["2020-01-04", 77] } }, CallToolResultSchema);
    await expect(request).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Invalid tools/call request") });
    expect(await database.store.mcpToolCalls.list({ userId, limit: 10 })).toEqual([]);
    expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
  });
});
