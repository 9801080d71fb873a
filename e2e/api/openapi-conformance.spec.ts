// Every operation of /api/v1/openapi.json driven against the running server, successes and refusals, each answer
// checked against the document the server serves: declared status, media type, body schema, headers and SSE events.
import http from "node:http";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, putMeasurement, test, type ApiUser } from "./api-fixtures";
import { E2E_METRICS_TOKEN } from "./metrics-token";
import { answerOf, createOpenApiConformance, type Answer, type OpenApiConformance } from "./openapi-conformance";

test.describe.configure({ mode: "serial" });

let conformance: OpenApiConformance;

test.beforeAll(async ({ baseURL }) => {
  const client = await playwrightRequest.newContext({ baseURL });
  const served = await client.get("/api/v1/openapi.json");
  expect(served.status()).toBe(200);
  conformance = await createOpenApiConformance((await served.json()) as Record<string, unknown>);
  await client.dispose();
});

test.afterAll(() => conformance?.dispose());

async function conforms(method: string, url: string, answer: Answer | Promise<Answer>, expectedStatus?: number): Promise<Answer> {
  const settled = await answer;
  if (expectedStatus !== undefined) expect(settled.status, `${method} ${url}: ${settled.body.toString().slice(0, 300)}`).toBe(expectedStatus);
  expect(await conformance.check(method, url, settled), `${method} ${url}`).toEqual([]);
  return settled;
}

async function call(
  context: APIRequestContext,
  method: string,
  url: string,
  options: { data?: unknown; headers?: Record<string, string> } = {},
  expectedStatus?: number,
) {
  return conforms(method, url, answerOf(await context.fetch(url, { method, ...options })), expectedStatus);
}

/** A request written by hand, for what a friendly client never sends: raw paths, repeated headers, huge bodies. */
function raw(baseURL: string, options: { method: string; path: string; headers?: Record<string, string | string[]>; body?: Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseURL);
    const request = http.request({ host: hostname, port, method: options.method, path: options.path, headers: options.headers });
    request.on("response", (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        const headers = Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
        );
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(parts) });
      });
    });
    // The server closes the connection after refusing an oversized body; the write side may see that as an error.
    request.on("error", (error) => (request.writableFinished ? undefined : reject(error)));
    if (options.body) request.write(options.body);
    request.end();
  });
}

test("chat: JSON and SSE turns, and every refusal, match the document", async ({ signUp, baseURL, appOrigin }) => {
  const user = await signUp("conformance-chat");
  const turn = await call(user.bearer, "POST", "/api/v1/chat", { data: { message: "I weigh 77.4 kg today" } }, 200);
  const { conversationId, turnId } = JSON.parse(turn.body.toString()) as { conversationId: string; turnId: string };
  const streamed = await call(
    user.bearer,
    "POST",
    "/api/v1/chat",
    { data: { message: "what did I weigh today?", conversationId }, headers: { accept: "text/event-stream" } },
    200,
  );
  expect(streamed.headers["content-type"]).toMatch(/^text\/event-stream/);
  await call(user.bearer, "POST", "/api/v1/chat", { data: "not json", headers: { "content-type": "application/json" } }, 400);
  await call(user.bearer, "POST", "/api/v1/chat", { data: { message: "" } }, 400);
  await call(user.bearer, "POST", "/api/v1/chat", { data: { message: "hi", conversationId: "not-mine" } }, 404);
  await call(user.cookie, "POST", "/api/v1/chat", { data: { message: "hi" } }, 403);
  const anonymous = await playwrightRequest.newContext({ baseURL });
  await call(anonymous, "POST", "/api/v1/chat", { data: { message: "hi" } }, 401);
  await call(anonymous, "OPTIONS", "/api/v1/chat", {}, 204);
  await anonymous.dispose();
  await conforms(
    "POST",
    "/api/v1/chat",
    raw(baseURL ?? "", {
      method: "POST",
      path: "/api/v1/chat",
      headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
      body: Buffer.alloc(2 * 1024 * 1024, 32),
    }),
    413,
  );
  void appOrigin;

  await call(user.bearer, "GET", "/api/v1/conversations?limit=5", {}, 200);
  await call(user.bearer, "GET", "/api/v1/conversations?limit=0", {}, 400);
  await call(user.bearer, "GET", `/api/v1/conversations/${conversationId}`, {}, 200);
  await call(user.bearer, "GET", "/api/v1/conversations/nobody", {}, 404);
  await conforms(
    "GET",
    "/api/v1/conversations/%",
    raw(baseURL ?? "", { method: "GET", path: "/api/v1/conversations/%", headers: { authorization: `Bearer ${user.token}` } }),
    400,
  );
  await call(user.bearer, "GET", `/api/v1/turns/${turnId}`, {}, 200);
  await call(user.bearer, "GET", "/api/v1/turns/nobody", {}, 404);
});

test("measurements: saves, replays, conflicts, keys, faults and ranges match the document", async ({ signUp, baseURL }) => {
  const user: ApiUser = await signUp("conformance-measurements");
  const put = (date: string, body: unknown, key?: string, headers?: Record<string, string>) =>
    putMeasurement(user.bearer, { date, body, key, headers }).then(answerOf);
  const url = (date: string) => `/api/v1/measurements/${date}`;
  await conforms("PUT", url("2020-02-01"), put("2020-02-01", { values: { weight_kg: 70 } }, '"conformance-1"'), 201);
  const replay = await conforms("PUT", url("2020-02-01"), put("2020-02-01", { values: { weight_kg: 70 } }, "conformance-1"), 201);
  expect(replay.headers["idempotent-replayed"]).toBe("true");
  await conforms("PUT", url("2020-02-01"), put("2020-02-01", { values: { weight_kg: 70 } }, "conformance-2"), 200);
  await conforms("PUT", url("2020-02-01"), put("2020-02-01", { values: { weight_kg: 71 } }, "conformance-3"), 409);
  await conforms("PUT", url("2020-02-01"), put("2020-02-01", { values: { weight_kg: 72 } }, "conformance-1"), 422);
  await conforms("PUT", url("2020-02-02"), put("2020-02-02", { values: {} }, "conformance-4"), 400);
  await conforms("PUT", url("2020-02-02"), put("2020-02-02", { values: { weight_kg: 70 } }), 400);
  await conforms(
    "PUT",
    url("2020-02-02"),
    raw(baseURL ?? "", {
      method: "PUT",
      path: url("2020-02-02"),
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json", "idempotency-key": ['"a"', '"b"'] },
      body: Buffer.from('{"values":{"weight_kg":70}}'),
    }),
    400,
  );

  // In flight: one slow write keeps the first request running while the second arrives.
  await call(user.bearer, "POST", "/api/v1/qa/faults", { data: { target: "write", mode: "slow", count: 1 } }, 201);
  const [first, second] = await Promise.all([
    put("2020-02-03", { values: { weight_kg: 70 } }, "in-flight"),
    put("2020-02-03", { values: { weight_kg: 70 } }, "in-flight"),
  ]);
  const statuses = [first.status, second.status].sort();
  expect(statuses).toEqual([201, 409]);
  for (const answer of [first, second]) await conforms("PUT", url("2020-02-03"), answer);
  expect([first, second].find((answer) => answer.status === 409)?.headers["retry-after"]).toBe("1");

  await call(user.bearer, "POST", "/api/v1/qa/faults", { data: { target: "write", mode: "fail_before_commit", count: 1 } }, 201);
  await conforms("PUT", url("2020-02-04"), put("2020-02-04", { values: { weight_kg: 70 } }, "fails"), 503);
  await call(user.bearer, "POST", "/api/v1/qa/faults", { data: { target: "write", mode: "lost_ack", count: 1 } }, 201);
  await conforms("PUT", url("2020-02-05"), put("2020-02-05", { values: { weight_kg: 70 } }, "lost"), 500);

  await call(user.bearer, "GET", url("2020-02-01"), {}, 200);
  await call(user.bearer, "GET", url("2020-02-09"), {}, 404);
  await call(user.bearer, "GET", url("2020-02-30"), {}, 400);
  await call(user.bearer, "GET", url("2020-02-01"), { headers: { "time-zone": "Mars/Olympus" } }, 400);
  await call(user.bearer, "GET", "/api/v1/measurements?from=2020-01-01&to=2020-03-01", {}, 200);
  await call(user.bearer, "GET", "/api/v1/measurements?from=2010-01-01&to=2020-03-01", {}, 400);
  await call(user.bearer, "GET", "/api/v1/measurements?from=2020-01-01", {}, 400);
  await call(user.bearer, "POST", "/api/v1/qa/faults", { data: { target: "read", mode: "unavailable" } }, 201);
  await call(user.bearer, "GET", "/api/v1/measurements?from=2020-01-01&to=2020-03-01", {}, 503);
  await call(user.bearer, "GET", url("2020-02-01"), {}, 503);
  await call(user.bearer, "GET", "/api/v1/qa/faults", {}, 200);
  await call(user.bearer, "DELETE", "/api/v1/qa/faults?id=abc", {}, 400);
  await call(user.bearer, "DELETE", "/api/v1/qa/faults", {}, 200);
  await call(user.bearer, "POST", "/api/v1/qa/faults", { data: { target: "read", mode: "lost_ack" } }, 400);
  await call(user.bearer, "OPTIONS", "/api/v1/qa/faults", {}, 204);
  await call(user.bearer, "DELETE", url("2020-02-01"), {}, 204);
  await call(user.bearer, "DELETE", url("2999-01-01"), {}, 400);
  await call(user.cookie, "DELETE", url("2020-02-01"), {}, 403);

  const importUrl = "/api/v1/measurements/import";
  const header = "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at";
  const csv = (weight: number) => `${header}\r\n2020-03-01,${weight},,,,,,,,,,,x\r\n`;
  const post = (context: APIRequestContext, url: string, data: string, headers: Record<string, string>, status: number) =>
    call(context, "POST", url, { data, headers: { "content-type": "text/csv", ...headers } }, status);
  await post(user.bearer, `${importUrl}?dry_run=true`, csv(70), {}, 200);
  await post(user.bearer, importUrl, csv(70), { "idempotency-key": '"import-1"' }, 200);
  await post(user.bearer, `${importUrl}?dry_run=true`, csv(71), {}, 200);
  await post(user.bearer, importUrl, csv(71), { "idempotency-key": '"import-1"' }, 422);
  await post(user.bearer, importUrl, `${header}\r\n2020-13-01,70,,,,,,,,,,,x\r\n`, { "idempotency-key": '"import-2"' }, 422);
  await post(user.bearer, importUrl, csv(70), {}, 400);
  await post(user.bearer, `${importUrl}?replace=maybe`, csv(70), { "idempotency-key": '"import-3"' }, 400);
  await post(user.bearer, importUrl, csv(70), { "idempotency-key": '"import-3"', "content-type": "text/plain" }, 415);
  await post(user.cookie, importUrl, csv(70), { "idempotency-key": '"import-4"' }, 403);
  await conforms(
    "POST",
    importUrl,
    raw(baseURL ?? "", {
      method: "POST",
      path: importUrl,
      headers: { "content-type": "text/csv", authorization: `Bearer ${user.token}`, "idempotency-key": '"import-5"' },
      body: Buffer.alloc(2 * 1024 * 1024, 32),
    }),
    413,
  );
  for (const path of [
    importUrl,
    "/api/v1/conversations",
    "/api/v1/conversations/x",
    "/api/v1/measurements",
    "/api/v1/measurements/2020-01-01",
    "/api/v1/turns/x",
    "/api/v1/openapi.json",
  ]) {
    await call(user.bearer, "OPTIONS", path, {}, 204);
  }
});

test("API keys: create, list, revoke, and a key's refusals match the document", async ({ signUp, playwright, baseURL, appOrigin }) => {
  const user = await signUp("conformance-keys");
  const created = await call(user.bearer, "POST", "/api/v1/api-keys", { data: { name: "conformance", scope: "read" } }, 201);
  const { id, key } = JSON.parse(created.body.toString()) as { id: string; key: string };
  await call(user.bearer, "POST", "/api/v1/api-keys", { data: { name: "", scope: "read" } }, 400);
  await call(user.bearer, "POST", "/api/v1/api-keys", { data: "not json", headers: { "content-type": "application/json" } }, 400);
  await call(user.cookie, "POST", "/api/v1/api-keys", { data: { name: "no origin", scope: "read" } }, 403);
  const keyClient = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  await call(keyClient, "GET", "/api/v1/measurements/2020-02-01", {}, 404);
  await call(keyClient, "PUT", "/api/v1/measurements/2020-02-01", { data: { values: { weight_kg: 70 } }, headers: { "idempotency-key": '"k"' } }, 403);
  await call(keyClient, "DELETE", "/api/v1/measurements/2020-02-01", {}, 403);
  await call(keyClient, "POST", "/api/v1/chat", { data: { message: "I weigh 70 kg today" } }, 403);
  await call(keyClient, "GET", "/api/v1/api-keys", {}, 403);
  await call(keyClient, "DELETE", `/api/v1/api-keys/${id}`, {}, 403);
  await call(user.bearer, "GET", "/api/v1/api-keys", {}, 200);
  await call(user.cookie, "GET", "/api/v1/api-keys", { headers: { origin: appOrigin } }, 200);
  await call(user.bearer, "DELETE", `/api/v1/api-keys/${id}`, {}, 204);
  await call(user.bearer, "DELETE", `/api/v1/api-keys/${id}`, {}, 404);
  await call(keyClient, "GET", "/api/v1/measurements/2020-02-01", {}, 401);
  await call(keyClient, "GET", "/api/v1/api-keys", {}, 401);
  await conforms(
    "DELETE",
    "/api/v1/api-keys/%",
    raw(baseURL ?? "", { method: "DELETE", path: "/api/v1/api-keys/%", headers: { authorization: `Bearer ${user.token}` } }),
    400,
  );
  await call(user.bearer, "OPTIONS", "/api/v1/api-keys", {}, 204);
  await call(user.bearer, "OPTIONS", `/api/v1/api-keys/${id}`, {}, 204);
  await keyClient.dispose();
});

test("trend and goals: the trend, a goal's save, replay and refusals match the document", async ({ signUp }) => {
  const user: ApiUser = await signUp("conformance-trend");
  const empty = await call(user.bearer, "GET", "/api/v1/trend?field=weight_kg", {}, 200);
  expect(JSON.parse(empty.body.toString())).toMatchObject({ field: "weight_kg", records: 0, enough_data: false });
  await call(user.bearer, "GET", "/api/v1/trend?field=shoe_size", {}, 400);
  await call(user.bearer, "GET", "/api/v1/trend?field=weight_kg&days=5", {}, 400);
  const goal = (target: number, key?: string) => ({ data: { target }, headers: key ? { "idempotency-key": key } : ({} as Record<string, string>) });
  await call(user.bearer, "PUT", "/api/v1/goals/weight_kg", goal(72, "conformance-goal-1"), 200);
  const replay = await call(user.bearer, "PUT", "/api/v1/goals/weight_kg", goal(72, "conformance-goal-1"), 200);
  expect(replay.headers["idempotent-replayed"]).toBe("true");
  await call(user.bearer, "PUT", "/api/v1/goals/weight_kg", goal(71, "conformance-goal-1"), 422);
  await call(user.bearer, "PUT", "/api/v1/goals/weight_kg", goal(72), 400);
  await call(user.bearer, "PUT", "/api/v1/goals/weight_kg", goal(5, "conformance-goal-2"), 400);
  const withGoal = await call(user.bearer, "GET", "/api/v1/trend?field=weight_kg", {}, 200);
  expect(JSON.parse(withGoal.body.toString())).toMatchObject({ goal: { target: 72 } });
  await call(user.bearer, "OPTIONS", "/api/v1/trend", {}, 204);
  await call(user.bearer, "OPTIONS", "/api/v1/goals/weight_kg", {}, 204);
});

test("meta: the document itself, metrics and health match the document", async ({ baseURL }) => {
  const client = await playwrightRequest.newContext({ baseURL });
  await call(client, "GET", "/api/v1/openapi.json", {}, 200);
  await call(client, "GET", "/api/metrics", {}, 401);
  await call(client, "GET", "/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } }, 200);
  await call(client, "GET", "/api/health", {}, 200);
  await call(client, "GET", "/api/ready", {}, 200);
  await client.dispose();
});

test("every operation of the document was exercised", () => {
  const missing = conformance.operationIds.filter((id) => !conformance.seen.has(id));
  expect(missing).toEqual([]);
  console.log(
    [...conformance.seen.entries()]
      .map(([id, statuses]) => `${id}: ${[...statuses].sort().join(" ")}`)
      .sort()
      .join("\n"),
  );
});
