// Every API route without a session, with another user's ids, and (mutations) with a foreign or null Origin on a
// cookie session: refused, and nothing written.
import { CASE_STUDY_MESSAGE, expect, expectJson, expectProblem, putMeasurement, storedRecords, test } from "./api-fixtures";

const everyRoute = [
  { method: "GET", path: "/api/v1/conversations" },
  { method: "GET", path: "/api/v1/conversations/00000000-0000-0000-0000-000000000000" },
  { method: "POST", path: "/api/v1/chat", data: { message: "hello" } },
  { method: "GET", path: "/api/v1/measurements?from=2020-01-01&to=2020-01-31" },
  { method: "GET", path: "/api/v1/measurements/2020-01-01" },
  { method: "PUT", path: "/api/v1/measurements/2020-01-01", data: { values: { weight_kg: 76 } }, headers: { "idempotency-key": "anonymous" } },
  { method: "DELETE", path: "/api/v1/measurements/2020-01-01" },
  { method: "GET", path: "/api/v1/turns/00000000-0000-0000-0000-000000000000" },
  { method: "GET", path: "/api/v1/qa/faults" },
  { method: "POST", path: "/api/v1/qa/faults", data: { target: "write", mode: "lost_ack" } },
  { method: "DELETE", path: "/api/v1/qa/faults" },
] as const;

test("every route answers 401 problem+json without a session", async ({ request }) => {
  for (const route of everyRoute) {
    const response = await request.fetch(route.path, {
      method: route.method,
      data: "data" in route ? route.data : undefined,
      headers: "headers" in route ? route.headers : {},
    });
    const body = await expectProblem(response, { status: 401, type: "unauthorized" });
    expect(body.detail, route.path).not.toMatch(/sqlite|stack|node_modules|\/work\//i);
  }
});

test("an invalid bearer token is 401 even beside a valid session cookie, and writes nothing", async ({ signUp }) => {
  const user = await signUp();
  const forged = `${user.token.slice(0, -4)}AAA=`;
  const response = await putMeasurement(user.cookie, {
    date: "2020-01-03",
    body: { values: { weight_kg: 71 } },
    key: "forged",
    headers: { authorization: `Bearer ${forged}` },
  });
  await expectProblem(response, { status: 401, type: "unauthorized" });
  expect(await storedRecords(user.bearer)).toEqual([]);
});

test("another user's conversation, turn, record and fault read as absent and cannot be changed", async ({ signUp }) => {
  const owner = await signUp("owner");
  const intruder = await signUp("intruder");
  expect((await putMeasurement(owner.bearer, { date: "2020-01-01", body: { values: { weight_kg: 76 } }, key: "owner-key" })).status()).toBe(201);
  const chat = await expectJson<{ conversationId: string; turnId: string }>(await owner.bearer.post("/api/v1/chat", { data: { message: CASE_STUDY_MESSAGE } }));
  const fault = await expectJson<{ id: number }>(await owner.bearer.post("/api/v1/qa/faults", { data: { target: "read", mode: "slow" } }), 201);
  const ownerConversation = await expectJson<{ messages: unknown[] }>(await owner.bearer.get(`/api/v1/conversations/${chat.conversationId}`));

  await expectProblem(await intruder.bearer.get(`/api/v1/conversations/${chat.conversationId}`), { status: 404, type: "not_found" });
  await expectProblem(await intruder.bearer.get(`/api/v1/turns/${chat.turnId}`), { status: 404, type: "not_found" });
  await expectProblem(await intruder.bearer.get("/api/v1/measurements/2020-01-01"), { status: 404, type: "not_found" });
  await expectProblem(
    await intruder.bearer.post("/api/v1/chat", { data: { conversationId: chat.conversationId, message: "Save weight 99 kg for 2020-01-01" } }),
    {
      status: 404,
      type: "not_found",
    },
  );
  expect((await intruder.bearer.delete("/api/v1/measurements/2020-01-01")).status()).toBe(204);
  expect(await expectJson(await intruder.bearer.delete(`/api/v1/qa/faults?id=${fault.id}`))).toEqual({ cleared: 0 });
  // The same key in another account is another key: it saves the intruder's own record and touches nothing of the owner's.
  expect((await putMeasurement(intruder.bearer, { date: "2020-01-01", body: { values: { weight_kg: 99 } }, key: "owner-key" })).status()).toBe(201);

  expect(await expectJson(await intruder.bearer.get("/api/v1/conversations"))).toEqual({ conversations: [], nextBefore: null, nextBeforeId: null });
  expect(await expectJson(await intruder.bearer.get("/api/v1/qa/faults"))).toEqual({ faults: [] });
  expect((await storedRecords(owner.bearer)).map((record) => [record.date, record.values])).toEqual([["2020-01-01", { weight_kg: 76 }]]);
  expect(await expectJson(await owner.bearer.get(`/api/v1/conversations/${chat.conversationId}`))).toEqual(ownerConversation);
  expect(await expectJson(await owner.bearer.get("/api/v1/qa/faults"))).toEqual({ faults: [expect.objectContaining({ id: fault.id, mode: "slow" })] });
  await owner.bearer.delete("/api/v1/qa/faults");
});

test("cookie mutations with a foreign, a null or no Origin are 403 and write nothing; bearer needs no Origin", async ({ signUp, appOrigin }) => {
  const user = await signUp();
  const foreignOrigins: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, {}];
  const mutations = [
    () => ({ method: "PUT", path: "/api/v1/measurements/2020-01-05", data: { values: { weight_kg: 80 } }, headers: { "idempotency-key": "csrf-put" } }),
    () => ({ method: "DELETE", path: "/api/v1/measurements/2020-01-04", headers: {} }),
    () => ({ method: "POST", path: "/api/v1/chat", data: { message: "Save weight 80 kg for 2020-01-06" }, headers: {} }),
    () => ({ method: "POST", path: "/api/v1/qa/faults", data: { target: "write", mode: "fail_before_commit" }, headers: {} }),
    () => ({ method: "DELETE", path: "/api/v1/qa/faults", headers: {} }),
  ];
  // What is there before: one record to delete and one fault to clear, set up with the right Origin.
  expect(
    (await putMeasurement(user.cookie, { date: "2020-01-04", body: { values: { weight_kg: 74 } }, key: "setup", headers: { origin: appOrigin } })).status(),
  ).toBe(201);
  expect((await user.cookie.post("/api/v1/qa/faults", { data: { target: "read", mode: "slow", count: 1000 }, headers: { origin: appOrigin } })).status()).toBe(
    201,
  );

  for (const origin of foreignOrigins) {
    for (const mutation of mutations) {
      const { method, path, headers, ...rest } = mutation();
      const response = await user.cookie.fetch(path, { method, data: "data" in rest ? rest.data : undefined, headers: { ...headers, ...origin } });
      await expectProblem(response, { status: 403, type: "forbidden_origin" });
    }
  }

  expect((await storedRecords(user.bearer)).map((record) => [record.date, record.values])).toEqual([["2020-01-04", { weight_kg: 74 }]]);
  expect(await expectJson(await user.bearer.get("/api/v1/conversations"))).toEqual({ conversations: [], nextBefore: null, nextBeforeId: null });
  const faults = await expectJson<{ faults: { mode: string }[] }>(await user.bearer.get("/api/v1/qa/faults"));
  expect(faults.faults.map((fault) => fault.mode)).toEqual(["slow"]);

  // Reads need no Origin with a cookie; writes by bearer need none either.
  expect((await user.cookie.get("/api/v1/measurements/2020-01-04")).status()).toBe(200);
  expect((await putMeasurement(user.bearer, { date: "2020-01-05", body: { values: { weight_kg: 80 } }, key: "bearer-put" })).status()).toBe(201);
  expect((await user.bearer.delete("/api/v1/qa/faults")).status()).toBe(200);
});

test("the QA fault routes arm, list and clear only the caller's own faults", async ({ signUp }) => {
  const user = await signUp();
  const armed = await expectJson<{ id: number; target: string; mode: string; remaining: number | null }>(
    await user.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "lost_ack", count: 2 } }),
    201,
  );
  expect(armed).toMatchObject({ target: "write", mode: "lost_ack", remaining: 2 });
  const invalid = await expectProblem(await user.bearer.post("/api/v1/qa/faults", { data: { target: "read", mode: "lost_ack" } }), {
    status: 400,
    type: "invalid_request",
  });
  expect(invalid.errors).toEqual([{ path: "mode", message: "this mode does not apply to this target" }]);
  expect(await expectJson(await user.bearer.get("/api/v1/qa/faults"))).toEqual({ faults: [expect.objectContaining({ id: armed.id })] });
  expect(await expectJson(await user.bearer.delete("/api/v1/qa/faults"))).toEqual({ cleared: 1 });
  expect(await expectJson(await user.bearer.get("/api/v1/qa/faults"))).toEqual({ faults: [] });
});

test("unknown API addresses are problem+json 404s and the OpenAPI document lists the routes", async ({ request }) => {
  await expectProblem(await request.get("/api/v1/no-such-route"), { status: 404, type: "not_found" });
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/v1/chat", "/api/v1/measurements/{date}", "/api/metrics"]));
});
