// The fake provider at a real model's pace: every wire API's answer starts after firstByteMs and is spread over
// streamMs, through the app's own adapters and the real SDKs; the time each request took is recorded by the fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import { createOpenAIChatProvider } from "@/lib/agent/providers/openai-chat/create-openai-chat-provider";
import { createOpenAIResponsesProvider } from "@/lib/agent/providers/openai-responses/create-openai-responses-provider";
import type { ModelProvider } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

const FIRST_BYTE_MS = 250;
const STREAM_MS = 150;
/** Timers may fire a millisecond early and clocks differ by rounding; nothing here waits less than this under it. */
const SLACK_MS = 5;
const ANSWER = "Your weight on 1 January 2020 was 76 kg, the record you saved that morning.";

let server: FakeProviderServer;

beforeAll(async () => {
  server = await startFakeProviderServer({ decide: () => ({ text: ANSWER, toolCalls: [] }), pacing: { firstByteMs: FIRST_BYTE_MS, streamMs: STREAM_MS } });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const adapters: Record<string, () => ModelProvider> = {
  openai: () => createOpenAIResponsesProvider({ apiKey: "test", baseURL: `${server.url}/v1`, model: "gpt-test" }),
  "openai-chat": () => createOpenAIChatProvider({ baseURL: `${server.url}/v1`, model: "llama-test" }),
  anthropic: () => createAnthropicMessagesProvider({ apiKey: "test", baseURL: server.url, model: "claude-test" }),
  google: () => createGoogleInteractionsProvider({ apiKey: "test", baseUrl: server.url, model: "gemini-test" }),
};

const request = { system: "You are a test.", history: [{ type: "user" as const, text: "What did I weigh?" }], tools: [], locale: "en" as const };

function postPacing(body: unknown, method = "POST") {
  return fetch(`${server.url}/_pacing`, {
    method,
    headers: { "content-type": "application/json" },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
}

describe("fake provider pacing", () => {
  for (const [name, create] of Object.entries(adapters)) {
    it(`${name}: streams the same answer, starting after firstByteMs and ending after firstByteMs + streamMs, and records the time taken`, async () => {
      const deltaTimes: number[] = [];
      const startedAt = performance.now();
      const response = await create().generate(request, { onTextDelta: () => deltaTimes.push(performance.now() - startedAt) });
      const totalMs = performance.now() - startedAt;

      expect(response.text).toBe(ANSWER);
      expect(deltaTimes.length).toBeGreaterThan(3);
      // Lower bounds only (nothing can arrive before it is sent); the even spread is checked on the clock in pace-response.test.ts.
      expect(deltaTimes[0]).toBeGreaterThanOrEqual(FIRST_BYTE_MS - SLACK_MS);
      expect(totalMs).toBeGreaterThanOrEqual(FIRST_BYTE_MS + STREAM_MS - SLACK_MS);

      expect(server.requests).toHaveLength(1);
      const recorded = server.requests[0]?.durationMs as number;
      expect(recorded).toBeGreaterThanOrEqual(FIRST_BYTE_MS + STREAM_MS - SLACK_MS);
      expect(recorded).toBeLessThanOrEqual(totalMs + SLACK_MS);
    });
  }

  it("lists its requests briefly (no headers or bodies), each with its last user message and the time it took", async () => {
    await adapters.anthropic?.().generate({
      ...request,
      history: [
        { type: "user", text: "first" },
        { type: "assistant", text: "ok", toolCalls: [] },
        { type: "user", text: "second" },
      ],
    });
    const listing = (await (await fetch(`${server.url}/_requests?brief=1`)).json()) as { requests: Array<Record<string, unknown>> };
    expect(listing.requests).toHaveLength(1);
    const [entry] = listing.requests;
    expect(entry).toMatchObject({ method: "POST", path: "/v1/messages", status: 200, lastUserMessage: "second" });
    expect(entry).not.toHaveProperty("body");
    expect(entry).not.toHaveProperty("headers");
    expect(entry?.durationMs).toBeGreaterThanOrEqual(FIRST_BYTE_MS + STREAM_MS - SLACK_MS);
  });

  it("sends a non-streamed answer whole at the end of firstByteMs + streamMs", async () => {
    const startedAt = performance.now();
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "llama-test", messages: [{ role: "user", content: "What did I weigh?" }] }),
    });
    const headersAfterMs = performance.now() - startedAt;
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe(ANSWER);
    expect(headersAfterMs).toBeGreaterThanOrEqual(FIRST_BYTE_MS + STREAM_MS - SLACK_MS);
  });

  it("refuses a malformed request at once, as a provider does before generating", async () => {
    const startedAt = performance.now();
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: "no" }),
    });
    expect(response.status).toBe(400);
    await response.text();
    expect(performance.now() - startedAt).toBeLessThan(FIRST_BYTE_MS);
  });

  it("is read and changed at /_pacing, refuses a malformed pacing, and answers at once after DELETE", async () => {
    try {
      expect(await (await fetch(`${server.url}/_pacing`)).json()).toEqual({ pacing: { firstByteMs: FIRST_BYTE_MS, streamMs: STREAM_MS } });
      expect((await postPacing({ firstByteMs: -1, streamMs: 10 })).status).toBe(400);
      expect((await postPacing({ firstByteMs: 10 })).status).toBe(400);
      expect(await (await postPacing({ firstByteMs: 0, streamMs: 0 }, "DELETE")).json()).toEqual({ pacing: { firstByteMs: 0, streamMs: 0 } });
      const startedAt = performance.now();
      expect((await adapters.openai?.().generate(request))?.text).toBe(ANSWER);
      expect(performance.now() - startedAt).toBeLessThan(FIRST_BYTE_MS);
      expect(server.requests[0]?.durationMs).toBeLessThan(FIRST_BYTE_MS);
    } finally {
      await postPacing({ firstByteMs: FIRST_BYTE_MS, streamMs: STREAM_MS });
    }
  });
});
