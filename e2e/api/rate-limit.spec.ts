// Chat turns are limited per user per minute (PALESTRA_CHAT_TURNS_PER_MINUTE, 30 by default; the E2E server keeps the default).
import { expect, expectJson, expectProblem, test } from "./api-fixtures";

const TURNS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

test("the turn past the per-minute limit is 429 with Retry-After, as JSON and as SSE, and runs nothing", async ({ signUp }) => {
  test.setTimeout(120_000);
  const user = await signUp();
  // The window is the calendar minute: start early in one, so all the turns below fall into the same window.
  const intoWindow = Date.now() % WINDOW_MS;
  if (intoWindow > 30_000) await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - intoWindow + 200));

  for (let turn = 1; turn <= TURNS_PER_MINUTE; turn += 1) {
    const response = await user.bearer.post("/api/v1/chat", { data: { message: "hello", locale: "en" } });
    expect(response.status(), `turn ${turn}`).toBe(200);
  }
  const limited = await user.bearer.post("/api/v1/chat", { data: { message: "hello" } });
  const body = await expectProblem(limited, { status: 429, type: "rate_limited" });
  const retryAfter = Number(limited.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(body.retryAfterSeconds).toBe(retryAfter);

  const streamed = await user.bearer.post("/api/v1/chat", { data: { message: "hello" }, headers: { accept: "text/event-stream" } });
  // Refused before any stream starts, under the rule that keeps gzip off a streamed turn.
  await expectProblem(streamed, { status: 429, type: "rate_limited", cacheControl: "no-store, no-transform" });

  const list = await expectJson<{ conversations: unknown[] }>(await user.bearer.get(`/api/v1/conversations?limit=100`));
  expect(list.conversations).toHaveLength(TURNS_PER_MINUTE);
});
