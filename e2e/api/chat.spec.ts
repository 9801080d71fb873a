// POST /api/v1/chat as JSON and as SSE with the offline coach, a client leaving mid-turn, lost_ack, and the metrics.
import { chatResponseSchema, conversationDetailSchema, conversationListSchema, turnTraceSchema, type ChatResponse } from "@/lib/http/response-schemas";
import { CASE_STUDY_MESSAGE, expect, expectJson, expectProblem, putMeasurement, storedRecords, test, type ApiUser } from "./api-fixtures";
import { E2E_METRICS_TOKEN } from "./metrics-token";

type ServerSentEvent = { event: string; data: unknown };

function parseEventStream(text: string): ServerSentEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice(7) ?? "";
      const data = lines.find((line) => line.startsWith("data: "))?.slice(6) ?? "null";
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** The case study's calls as [tool, date, result]. */
function callSummary(body: ChatResponse) {
  return body.toolCalls.map((call) => [call.name, (JSON.parse(call.arguments) as { date?: string }).date, call.error ?? call.status]);
}

async function seedCaseStudy(user: ApiUser) {
  expect((await putMeasurement(user.bearer, { date: "2020-01-01", body: { values: { weight_kg: 76 } }, key: "case-study-seed" })).status()).toBe(201);
}

test("the seeds' case study as JSON: not_found, then the fallback date, 76 kg, three model requests, all stored", async ({ signUp }) => {
  const user = await signUp();
  await seedCaseStudy(user);
  const body = chatResponseSchema.parse(await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: CASE_STUDY_MESSAGE } })));
  expect(body.outcome).toBe("answered");
  expect(callSummary(body)).toEqual([
    ["read_measurement", "2020-01-02", "not_found"],
    ["read_measurement", "2020-01-01", "ok"],
  ]);
  expect(body.toolCalls.map((call) => [call.isError, call.recovery])).toEqual([
    [true, "choose_alternative"],
    [false, undefined],
  ]);
  expect(body.reply).toMatch(/76 kg/);
  expect(body.modelRequests).toBe(3);

  const conversation = conversationDetailSchema.parse(await expectJson(await user.bearer.get(`/api/v1/conversations/${body.conversationId}`)));
  const storedCalls = conversation.messages.flatMap((message) => message.toolCalls);
  expect(storedCalls.map((call) => [call.id, call.isError, call.error])).toEqual(body.toolCalls.map((call) => [call.id, call.isError, call.error ?? null]));
  expect(conversation.turns).toEqual([expect.objectContaining({ id: body.turnId, outcome: "answered", modelRequests: 3 })]);

  const trace = turnTraceSchema.parse(await expectJson(await user.bearer.get(`/api/v1/turns/${body.turnId}`)));
  expect(trace.events.map((event) => event.type)).toEqual([
    "turn-start",
    "model-request-start",
    "model-request-end",
    "tool-call-start",
    "tool-call-end",
    "model-request-start",
    "model-request-end",
    "tool-call-start",
    "tool-call-end",
    "model-request-start",
    "model-request-end",
    "turn-end",
  ]);
  const list = conversationListSchema.parse(await expectJson(await user.bearer.get("/api/v1/conversations")));
  expect(list.conversations.map((entry) => entry.id)).toEqual([body.conversationId]);
});

test("the case study as SSE: the turn's events in order, the last a turn-end carrying the JSON reply", async ({ signUp, appOrigin }) => {
  const user = await signUp();
  await seedCaseStudy(user);
  const response = await user.cookie.post("/api/v1/chat", {
    data: { message: CASE_STUDY_MESSAGE },
    headers: { accept: "text/event-stream", origin: appOrigin, "accept-encoding": "gzip, deflate, br" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
  // Sent as written even to a client that accepts gzip: deflating every small event cost CPU and memory per open stream.
  expect(response.headers()["cache-control"]).toBe("no-store, no-transform");
  expect(response.headers()["content-encoding"]).toBeUndefined();
  const events = parseEventStream(await response.text());
  const names = events.map((event) => event.event).filter((name, index, all) => name !== "text-delta" || all[index - 1] !== "text-delta");
  expect(names).toEqual([
    "turn-start",
    "model-request-start",
    "model-request-end",
    "tool-call-start",
    "tool-call-end",
    "model-request-start",
    "model-request-end",
    "tool-call-start",
    "tool-call-end",
    "model-request-start",
    "text-delta",
    "model-request-end",
    "turn-end",
  ]);
  const last = chatResponseSchema.parse(events.at(-1)?.data);
  const start = events[0]?.data as { turnId: string; conversationId: string };
  expect([last.turnId, last.conversationId]).toEqual([start.turnId, start.conversationId]);
  expect(last.outcome).toBe("answered");
  expect(callSummary(last)).toEqual([
    ["read_measurement", "2020-01-02", "not_found"],
    ["read_measurement", "2020-01-01", "ok"],
  ]);
  expect(last.toolCalls.map((call) => call.id)).toEqual(
    events.filter((event) => event.event === "tool-call-start").map((event) => (event.data as { toolCallId: string }).toolCallId),
  );
  const streamedText = events
    .filter((event) => event.event === "text-delta")
    .map((event) => (event.data as { delta: string }).delta)
    .join("");
  expect(streamedText).toBe(last.reply);
  expect(last.modelRequests).toBe(3);

  // The stream's last event is exactly the JSON the same turn reads back as (the stored conversation agrees with it).
  const json = chatResponseSchema.parse(await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: CASE_STUDY_MESSAGE } })));
  const withoutIds = (body: ChatResponse) => ({ ...body, conversationId: "", turnId: "", toolCalls: body.toolCalls.map((call) => ({ ...call, id: "" })) });
  expect(withoutIds(last)).toEqual(withoutIds(json));
});

test("a turn is answered with the head Next.js gives the API (the entry serves it directly), compressed as Next.js compresses; a streamed one only adds no-transform", async ({
  request,
}) => {
  const refused = async (path: string, headers: Record<string, string>) => {
    const init = { data: { message: "hi" }, headers: { authorization: "Bearer not-a-session", ...headers } };
    const response = await (path === "/api/v1/chat" ? request.post(path, init) : request.get(path, { headers: init.headers }));
    expect(response.status()).toBe(401);
    const { date: _date, ...head } = response.headers();
    return { head, body: await response.text() };
  };
  const appRouterVary = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";
  // The first request may reach the chat route through Next.js (which loads its module, and so registers the direct
  // route); every later one is served directly. GET /api/v1/measurements always goes through Next.js: the reference.
  await refused("/api/v1/chat", {});
  for (const encoding of ["identity", "gzip, deflate, br"]) {
    const throughNext = await refused("/api/v1/measurements", { "accept-encoding": encoding });
    expect(throughNext.head.vary).toBe(`${appRouterVary}, Accept-Encoding`);
    expect(throughNext.head["cache-control"]).toBe("no-store");
    expect(throughNext.head["content-encoding"]).toBe(encoding === "identity" ? undefined : "gzip");
    const direct = await refused("/api/v1/chat", { "accept-encoding": encoding });
    expect(direct).toEqual(throughNext);
  }
  // Streamed: next.config.ts's rule says no-transform, so nothing is compressed nor varies by encoding, whatever the client accepts.
  const throughNext = await refused("/api/v1/measurements", { "accept-encoding": "identity" });
  const streamed = await refused("/api/v1/chat", { accept: "text/event-stream", "accept-encoding": "gzip, deflate, br" });
  expect(streamed.head).toEqual({ ...throughNext.head, vary: appRouterVary, "cache-control": "no-store, no-transform" });
  expect(streamed.body).toBe(throughNext.body);
});

test("a client that disconnects mid-turn does not stop the turn: it finishes and is stored", async ({ signUp, baseURL }) => {
  const user = await signUp();
  await seedCaseStudy(user);
  // Two slow reads keep the turn running for more than half a second after it starts.
  expect((await user.bearer.post("/api/v1/qa/faults", { data: { target: "read", mode: "slow", count: 2 } })).status()).toBe(201);
  const controller = new AbortController();
  const response = await fetch(new URL("/api/v1/chat", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, accept: "text/event-stream", "content-type": "application/json" },
    body: JSON.stringify({ message: CASE_STUDY_MESSAGE }),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let received = "";
  while (!received.includes("\n\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    received += new TextDecoder().decode(value);
  }
  const start = parseEventStream(received)[0];
  expect(start?.event).toBe("turn-start");
  controller.abort();
  const turnId = (start?.data as { turnId: string }).turnId;
  // Still running when the client left: the turn's rows are written when it ends.
  await expectProblem(await user.bearer.get(`/api/v1/turns/${turnId}`), { status: 404, type: "not_found" });

  await expect.poll(async () => (await user.bearer.get(`/api/v1/turns/${turnId}`)).status(), { timeout: 10_000 }).toBe(200);
  const trace = turnTraceSchema.parse(await expectJson(await user.bearer.get(`/api/v1/turns/${turnId}`)));
  expect(trace.outcome).toBe("answered");
  expect(trace.events.at(-1)?.type).toBe("turn-end");
  const conversation = conversationDetailSchema.parse(await expectJson(await user.bearer.get(`/api/v1/conversations/${trace.conversationId}`)));
  expect(conversation.messages.at(-1)?.content).toMatch(/76 kg/);
});

test("lost_ack armed through the API stops the turn with stopped_outcome_unknown and exactly one stored record; /api/metrics counts it", async ({
  signUp,
  request,
}) => {
  const user = await signUp();
  const readCounters = async () => {
    const response = await request.get("/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const counter = (series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, "\\$&")} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    return {
      outcomeUnknown: counter('palestra_tool_results_total{tool="save_measurement",status="error",error="outcome_unknown",surface="chat"}'),
      notFound: counter('palestra_tool_results_total{tool="read_measurement",status="error",error="not_found",surface="chat"}'),
      stoppedTurns: counter('palestra_turns_total{outcome="stopped_outcome_unknown"}'),
      text,
    };
  };
  const before = await readCounters();
  expect(before.text).toContain("# TYPE palestra_model_requests_total counter");

  expect((await user.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "lost_ack", count: 1 } })).status()).toBe(201);
  const body = chatResponseSchema.parse(await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: "Save weight 76.5 kg for 2020-01-07" } })));
  expect(body.outcome).toBe("stopped_outcome_unknown");
  expect(body.toolCalls).toEqual([
    expect.objectContaining({
      name: "save_measurement",
      status: "error",
      isError: true,
      error: "outcome_unknown",
      recovery: "stop_turn",
      idempotencyKey: expect.any(String),
    }),
  ]);
  expect(body.modelRequests).toBe(1);
  expect((await storedRecords(user.bearer)).map((record) => [record.date, record.values])).toEqual([["2020-01-07", { weight_kg: 76.5 }]]);

  // The save's own key resolves it: the stored result replays and nothing is saved twice.
  const key = body.toolCalls[0]?.idempotencyKey ?? "";
  const resolved = await expectJson(await putMeasurement(user.bearer, { date: "2020-01-07", body: { values: { weight_kg: 76.5 } }, key }), 201);
  expect(resolved).toEqual({ date: "2020-01-07", values: { weight_kg: 76.5 }, created: true, idempotency_key: key });
  expect(await storedRecords(user.bearer)).toHaveLength(1);

  const notFoundTurn = chatResponseSchema.parse(
    await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: "What did I weigh on 3 March 2020?" } })),
  );
  expect(notFoundTurn.toolCalls.map((call) => call.error)).toContain("not_found");

  // Other specs run in parallel against the same server, so the counters can only be said to have grown by at least these turns.
  const after = await readCounters();
  expect(after.outcomeUnknown - before.outcomeUnknown).toBeGreaterThanOrEqual(1);
  expect(after.stoppedTurns - before.stoppedTurns).toBeGreaterThanOrEqual(1);
  expect(after.notFound - before.notFound).toBeGreaterThanOrEqual(1);
});

test("/api/metrics requires the METRICS_TOKEN bearer when the server sets one", async ({ request }) => {
  await expectProblem(await request.get("/api/metrics"), { status: 401, type: "unauthorized" });
  await expectProblem(await request.get("/api/metrics", { headers: { authorization: "Bearer wrong-token" } }), { status: 401, type: "unauthorized" });
  expect((await request.get("/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).status()).toBe(200);
});

test("chat refuses a bad body with 400 problems, and pages conversations newest first", async ({ signUp }) => {
  const user = await signUp();
  await expectProblem(await user.bearer.post("/api/v1/chat", { data: { message: "   " } }), { status: 400, type: "invalid_request" });
  await expectProblem(await user.bearer.post("/api/v1/chat", { data: { message: "hi", locale: "fr" } }), { status: 400, type: "invalid_request" });
  await expectProblem(await user.bearer.post("/api/v1/chat", { data: Buffer.from("not json"), headers: { "content-type": "application/json" } }), {
    status: 400,
    type: "invalid_body",
  });
  expect(await expectJson(await user.bearer.get("/api/v1/conversations"))).toEqual({ conversations: [], nextBefore: null, nextBeforeId: null });

  const ids: string[] = [];
  for (const message of ["What did I weigh on 1 March 2020?", "What did I weigh on 2 March 2020?", "What did I weigh on 3 March 2020?"]) {
    ids.push((await expectJson<{ conversationId: string }>(await user.bearer.post("/api/v1/chat", { data: { message } }))).conversationId);
  }
  const first = conversationListSchema.parse(await expectJson(await user.bearer.get("/api/v1/conversations?limit=2")));
  expect(first.conversations.map((entry) => entry.id)).toEqual([ids[2], ids[1]]);
  expect(first.nextBefore).not.toBeNull();
  expect(first.nextBeforeId).toBe(ids[1]);
  const cursor = `before=${encodeURIComponent(first.nextBefore ?? "")}&beforeId=${encodeURIComponent(first.nextBeforeId ?? "")}`;
  const second = conversationListSchema.parse(await expectJson(await user.bearer.get(`/api/v1/conversations?limit=2&${cursor}`)));
  expect(second).toEqual({ conversations: [expect.objectContaining({ id: ids[0] })], nextBefore: null, nextBeforeId: null });
  // The older cursor, before alone, still pages.
  const legacy = conversationListSchema.parse(
    await expectJson(await user.bearer.get(`/api/v1/conversations?limit=2&before=${encodeURIComponent(first.nextBefore ?? "")}`)),
  );
  expect(legacy.conversations.map((entry) => entry.id)).toEqual([ids[0]]);
  await expectProblem(await user.bearer.get(`/api/v1/conversations?beforeId=${encodeURIComponent(ids[0] ?? "")}`), { status: 400, type: "invalid_request" });
  await expectProblem(await user.bearer.get("/api/v1/conversations?limit=0"), { status: 400, type: "invalid_request" });
});
