// /api/mcp against the server `npm start` runs, with the SDK's own Client over Streamable HTTP: the tools, every error
// code of the contract as an isError result, replay by idempotency_key, a lost acknowledgement, isolation between
// people, and the requests that never reach a tool (no key, bad JSON-RPC, oversized bodies) with nothing written.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { E2E_METRICS_TOKEN } from "./metrics-token";
import { expect, storedRecords, test, type ApiUser } from "./api-fixtures";
import { callMcpTool, connectMcp, createApiKey, postMcp, resultText } from "./mcp-client";

const clients: Client[] = [];
test.afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function connectAs(user: ApiUser, baseURL: string | undefined, scope: "read" | "read_write" = "read_write"): Promise<Client> {
  const client = await connectMcp({ baseURL: baseURL ?? "", key: await createApiKey(user.bearer, scope) });
  clients.push(client);
  return client;
}

const armFault = async (user: ApiUser, fault: { target: "read" | "write"; mode: string; count: number }) =>
  expect((await user.bearer.post("/api/v1/qa/faults", { data: fault })).status()).toBe(201);

test("lists the three tools, each with its input schema and an output schema covering success and error", async ({ signUp, baseURL }) => {
  const client = await connectAs(await signUp("mcp"), baseURL);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(["read_measurement", "list_measurements", "save_measurement", "get_trend", "set_goal"]);
  for (const tool of tools) {
    expect(tool.description?.length).toBeGreaterThan(40);
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.outputSchema?.anyOf).toHaveLength(2);
  }
  const save = tools.find((tool) => tool.name === "save_measurement");
  expect(Object.keys(save?.inputSchema.properties ?? {})).toEqual(["date", "values", "note", "replace", "units", "idempotency_key"]);
  expect(save?.inputSchema.required).toEqual(["date", "values"]);
  expect(client.getServerVersion()?.name).toBe("palestra");
});

test("every error code comes back as an isError result: structuredContent is the error, the text block the same JSON", async ({ signUp, baseURL }) => {
  const user = await signUp("mcp");
  const client = await connectAs(user, baseURL);
  const readOnly = await connectAs(user, baseURL, "read");
  const expectError = async (options: { client?: Client; tool: string; args: Record<string, unknown>; code: string; recovery: string }) => {
    const result = await callMcpTool(options.client ?? client, options.tool, options.args);
    expect(result.isError, resultText(result)).toBe(true);
    expect(JSON.parse(resultText(result))).toEqual(result.structuredContent);
    expect(result.structuredContent).toMatchObject({
      kind: "tool_error",
      version: 1,
      is_error: true,
      error: options.code,
      recovery: options.recovery,
      trace_id: expect.stringMatching(/^trc_/),
    });
    return result.structuredContent as { message: string; details?: Record<string, unknown> };
  };

  const bad = await expectError({ tool: "read_measurement", args: { date: "4th of March" }, code: "bad_arguments", recovery: "correct_arguments" });
  expect(bad.message).toMatch(/YYYY-MM-DD.*Received '4th of March'/);
  await expectError({ tool: "save_measurement", args: { date: "2020-01-04", values: { weight: 77 } }, code: "bad_arguments", recovery: "correct_arguments" });
  await expectError({ tool: "delete_everything", args: {}, code: "bad_arguments", recovery: "correct_arguments" });
  await expectError({ tool: "read_measurement", args: { date: "2020-01-02" }, code: "not_found", recovery: "choose_alternative" });
  await expectError({ tool: "list_measurements", args: { from: "2010-01-01", to: "2020-01-01" }, code: "range_too_large", recovery: "narrow_scope" });

  const saved = await callMcpTool(client, "save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } });
  expect(saved.isError).toBe(false);
  const conflict = await expectError({
    tool: "save_measurement",
    args: { date: "2020-01-04", values: { weight_kg: 80 } },
    code: "conflict",
    recovery: "correct_arguments",
  });
  expect(conflict.message).toContain("77.4");

  await armFault(user, { target: "read", mode: "unavailable", count: 3 });
  const unavailable = await expectError({ tool: "read_measurement", args: { date: "2020-01-04" }, code: "unavailable", recovery: "choose_alternative" });
  expect(unavailable.details).toMatchObject({ attempts: 3 });

  await armFault(user, { target: "write", mode: "fail_before_commit", count: 1 });
  await expectError({ tool: "save_measurement", args: { date: "2020-01-05", values: { weight_kg: 77 } }, code: "write_failed", recovery: "stop_turn" });

  await armFault(user, { target: "write", mode: "lost_ack", count: 1 });
  await expectError({
    tool: "save_measurement",
    args: { date: "2020-01-06", values: { weight_kg: 76 }, idempotency_key: "k-6" },
    code: "outcome_unknown",
    recovery: "stop_turn",
  });
  await expectError({
    tool: "save_measurement",
    args: { date: "2020-01-06", values: { weight_kg: 75 }, idempotency_key: "k-6" },
    code: "idempotency_key_reused",
    recovery: "stop_turn",
  });

  const forbidden = await expectError({
    client: readOnly,
    tool: "save_measurement",
    args: { date: "2020-01-07", values: { weight_kg: 70 } },
    code: "forbidden",
    recovery: "stop_turn",
  });
  expect(forbidden.message).toMatch(/only read/);
  // (internal, an unexpected exception in a read, has no fault mode to cause it from outside: tests/mcp covers it.)

  // Only the save, and the lost acknowledgement's save (which did commit), are stored.
  expect((await storedRecords(user.bearer)).map((record) => [record.date, record.values])).toEqual([
    ["2020-01-04", { weight_kg: 77.4 }],
    ["2020-01-06", { weight_kg: 76 }],
  ]);
});

test("a lost acknowledgement: outcome_unknown, the record stored once, and the retry with the same idempotency_key replays the save", async ({
  signUp,
  baseURL,
}) => {
  const user = await signUp("mcp");
  const client = await connectAs(user, baseURL);
  await armFault(user, { target: "write", mode: "lost_ack", count: 1 });
  const args = { date: "2020-02-01", values: { weight_kg: 81.2 }, note: 'after "run"', idempotency_key: "retry-me" };
  const lost = await callMcpTool(client, "save_measurement", args);
  expect(lost.structuredContent).toMatchObject({ error: "outcome_unknown", details: { date: "2020-02-01", idempotency_key: "retry-me" } });
  expect((lost.structuredContent as { message: string }).message).toContain("retry-me");

  const retried = await callMcpTool(client, "save_measurement", args);
  expect(retried.isError).toBe(false);
  expect(retried.structuredContent).toEqual({ date: "2020-02-01", values: { weight_kg: 81.2 }, created: true, idempotency_key: "retry-me" });
  const again = await callMcpTool(client, "save_measurement", { ...args, values: { weight_kg: 81.2 } });
  expect(resultText(again)).toBe(resultText(retried));
  expect(await storedRecords(user.bearer)).toHaveLength(1);
});

test("the same idempotency_key and arguments replay the first result byte for byte; other arguments are refused", async ({ signUp, baseURL }) => {
  const user = await signUp("mcp");
  const client = await connectAs(user, baseURL);
  const first = await callMcpTool(client, "save_measurement", { date: "2020-03-01", values: { waist_cm: 82 }, idempotency_key: "one-key" });
  // A conflict is an outcome too: recorded under its key and replayed as it was.
  const conflict = await callMcpTool(client, "save_measurement", { date: "2020-03-01", values: { waist_cm: 90 }, idempotency_key: "two-key" });
  expect(conflict.structuredContent).toMatchObject({ error: "conflict" });
  // Another client connection (another API key of the same person) replays the same bytes, keys in another order.
  const other = await connectAs(user, baseURL);
  expect(resultText(await callMcpTool(other, "save_measurement", { idempotency_key: "one-key", values: { waist_cm: 82 }, date: "2020-03-01" }))).toBe(
    resultText(first),
  );
  const conflictReplay = await callMcpTool(other, "save_measurement", { date: "2020-03-01", values: { waist_cm: 90 }, idempotency_key: "two-key" });
  expect(resultText(conflictReplay)).toBe(resultText(conflict));
  expect(conflictReplay.isError).toBe(true);

  const reused = await callMcpTool(client, "save_measurement", { date: "2020-03-01", values: { waist_cm: 83 }, idempotency_key: "one-key" });
  expect(reused.structuredContent).toMatchObject({ error: "idempotency_key_reused", recoverable: false });
  expect((await storedRecords(user.bearer)).map((record) => record.values)).toEqual([{ waist_cm: 82 }]);
});

test("one person's key never reaches another's data, and the same idempotency_key is separate per person", async ({ signUp, baseURL }) => {
  const alice = await signUp("alice");
  const bob = await signUp("bob");
  const aliceClient = await connectAs(alice, baseURL);
  const bobClient = await connectAs(bob, baseURL);
  expect((await callMcpTool(aliceClient, "save_measurement", { date: "2020-04-01", values: { weight_kg: 60 }, idempotency_key: "shared" })).isError).toBe(
    false,
  );

  expect((await callMcpTool(bobClient, "read_measurement", { date: "2020-04-01" })).structuredContent).toMatchObject({ error: "not_found" });
  expect((await callMcpTool(bobClient, "list_measurements", { from: "2020-03-01", to: "2020-04-30" })).structuredContent).toMatchObject({
    complete: true,
    records: [],
  });
  const bobSave = await callMcpTool(bobClient, "save_measurement", { date: "2020-04-01", values: { weight_kg: 90 }, idempotency_key: "shared" });
  expect(bobSave.structuredContent).toEqual({ date: "2020-04-01", values: { weight_kg: 90 }, created: true, idempotency_key: "shared" });

  expect((await storedRecords(alice.bearer)).map((record) => record.values)).toEqual([{ weight_kg: 60 }]);
  expect((await storedRecords(bob.bearer)).map((record) => record.values)).toEqual([{ weight_kg: 90 }]);
});

test("no key, a session token instead of a key, or a revoked key: 401 with WWW-Authenticate and a JSON-RPC error", async ({ signUp, baseURL, request }) => {
  const user = await signUp("mcp");
  const key = await createApiKey(user.bearer, "read_write");
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
  });
  expect((await postMcp(request, { key, body: initialize })).status()).toBe(200);

  const { keys } = (await (await user.bearer.get("/api/v1/api-keys")).json()) as { keys: { id: string }[] };
  expect((await user.bearer.delete(`/api/v1/api-keys/${keys[0]?.id}`)).status()).toBe(204);
  for (const credential of [undefined, user.token, key, "pal_not-a-key"]) {
    const response = await postMcp(request, { key: credential, body: initialize });
    expect(response.status()).toBe(401);
    expect(response.headers()["www-authenticate"]).toBe('Bearer realm="palestra"');
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32000, message: expect.stringContaining("API key") } });
  }
  await expect(connectMcp({ baseURL: baseURL ?? "" })).rejects.toThrow(/401|Unauthorized/);
});

test("bad JSON-RPC gets a clear JSON-RPC error and writes nothing; GET and DELETE are 405", async ({ signUp, request, baseURL }) => {
  const user = await signUp("mcp");
  const key = await createApiKey(user.bearer, "read_write");
  const save = { name: "save_measurement", arguments: { date: "2020-05-01", values: { weight_kg: 70 } } };
  const cases: { body: string; status: number; code: number; message: RegExp }[] = [
    { body: '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ', status: 400, code: -32700, message: /not a JSON document/ },
    { body: JSON.stringify({ id: 1, method: "tools/call", params: save }), status: 400, code: -32600, message: /JSON-RPC 2\.0 message/ },
    { body: JSON.stringify([]), status: 400, code: -32600, message: /JSON-RPC 2\.0 message/ },
    { body: JSON.stringify({ jsonrpc: "2.0", id: 1, params: save }), status: 400, code: -32600, message: /method/ },
  ];
  for (const entry of cases) {
    const response = await postMcp(request, { key, body: entry.body });
    expect(response.status(), entry.body).toBe(entry.status);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code, entry.body).toBe(entry.code);
    expect(body.error.message).toMatch(entry.message);
  }
  // Well-formed JSON-RPC the server cannot serve: the protocol's own errors.
  const unknownMethod = await postMcp(request, { key, body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "measurements/delete", params: {} }) });
  expect(await unknownMethod.json()).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
  const argumentsNotObject = await postMcp(request, {
    key,
    body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "save_measurement", arguments: ["2020-05-01", 70] } }),
  });
  expect(await argumentsNotObject.json()).toMatchObject({ jsonrpc: "2.0", id: 8, error: { code: -32602 } });

  for (const method of ["GET", "DELETE"] as const) {
    const response = await request.fetch("/api/mcp", { method, headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" } });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("POST");
  }
  expect(await storedRecords(user.bearer)).toEqual([]);
  const client = await connectMcp({ baseURL: baseURL ?? "", key });
  clients.push(client);
  expect((await callMcpTool(client, "list_measurements", { from: "2020-01-01", to: "2020-12-31" })).structuredContent).toMatchObject({ records: [] });
});

test("a body over PALESTRA_MAX_BODY_BYTES is refused with a 413 JSON-RPC error before anything runs", async ({ signUp, request }) => {
  const user = await signUp("mcp");
  const key = await createApiKey(user.bearer, "read_write");
  const call = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "save_measurement", arguments: { date: "2020-06-01", values: { weight_kg: 70 } } },
  };
  const body = JSON.stringify({ ...call, padding: "x".repeat(1_048_576) });
  const response = await postMcp(request, { key, body });
  expect(response.status()).toBe(413);
  expect(await response.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("at most 1048576 bytes") } });
  expect(await storedRecords(user.bearer)).toEqual([]);
});

test('tool results are counted with surface="mcp" on /api/metrics', async ({ signUp, baseURL, request }) => {
  const readCounter = async () => {
    const text = await (await request.get("/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
    return Number(/^palestra_tool_results_total\{tool="read_measurement",status="error",error="not_found",surface="mcp"\} (\d+)$/m.exec(text)?.[1] ?? 0);
  };
  const before = await readCounter();
  const client = await connectAs(await signUp("mcp"), baseURL);
  await callMcpTool(client, "read_measurement", { date: "2020-07-01" });
  await callMcpTool(client, "read_measurement", { date: "2020-07-02" });
  // Other specs run beside this one: the counter has grown by at least these two calls.
  expect((await readCounter()) - before).toBeGreaterThanOrEqual(2);
});
