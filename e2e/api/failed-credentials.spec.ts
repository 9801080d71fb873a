// Guessing API keys and bearer tokens: one client address gets 30 failures a minute over /api/v1 and /api/mcp, then
// 429 with Retry-After before anything it sends is checked (a valid key included); another address is not affected.
// The count lives in a fixed window, so a test that happens to straddle a minute's end accepts the second allowance.
import { expect, expectProblem, test } from "./api-fixtures";
import { newClientAddress } from "../credentials";
import { createApiKey, postMcp } from "./mcp-client";

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "guess", version: "1" } },
});

test("30 failed keys and tokens from one address, then 429 with Retry-After over the API and MCP, even for a valid key", async ({ signUp, request }) => {
  const user = await signUp("guesser");
  const key = await createApiKey(user.bearer, "read");
  const address = newClientAddress();
  const startedAt = Date.now();
  const statuses: number[] = [];
  for (let index = 0; index < 30; index += 1) {
    const guess = index % 3 === 0 ? `pal_${"g".repeat(48)}` : index % 3 === 1 ? `${user.token.slice(0, -4)}AAA=` : `guess-${index}`;
    const response =
      index % 5 === 4
        ? await postMcp(request, { key: guess, body: INITIALIZE, headers: { "x-forwarded-for": address } })
        : await request.get("/api/v1/conversations", { headers: { authorization: `Bearer ${guess}`, "x-forwarded-for": address } });
    statuses.push(response.status());
  }
  if (Math.floor(startedAt / 60_000) !== Math.floor(Date.now() / 60_000)) {
    test.info().annotations.push({ type: "window", description: "a minute ended during the 30 guesses: the refusal was not checked" });
    expect(statuses.every((status) => status === 401)).toBe(true);
    return;
  }
  expect(statuses).toEqual(Array<number>(30).fill(401));
  const refused = await request.get("/api/v1/conversations", { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": address } });
  const body = await expectProblem(refused, { status: 429, type: "rate_limited" });
  const retryAfter = Number(refused.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(body).toMatchObject({
    retryAfterSeconds: retryAfter,
    detail: `Too many invalid API keys or tokens came from this address. Try again in ${retryAfter} seconds.`,
  });
  const overMcp = await postMcp(request, { key, body: INITIALIZE, headers: { "x-forwarded-for": address } });
  expect(overMcp.status()).toBe(429);
  expect(overMcp.headers()["retry-after"]).toBeTruthy();
  expect(await overMcp.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000, message: expect.stringMatching(/^Too many requests: /) } });
  // The same key from another address works.
  const elsewhere = await request.get("/api/v1/conversations", { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": newClientAddress() } });
  expect(elsewhere.status()).toBe(200);
});
