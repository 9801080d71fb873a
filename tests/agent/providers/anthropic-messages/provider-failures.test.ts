// Failures of the Anthropic API itself become ProviderErrors by status and class, after at most
// PROVIDER_MAX_RETRIES SDK retries; our own cancellation is handed back untouched.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { APIConnectionError, APIConnectionTimeoutError } from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { classifyAnthropicError } from "@/lib/agent/providers/anthropic-messages/classify-anthropic-error";
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { PROVIDER_MAX_RETRIES, ProviderError, type ModelRequest } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

const request: ModelRequest = { system: "Coach.", history: [{ type: "user", text: "How am I doing?" }], tools: [], locale: "en" };

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({ decide: () => ({ text: "You are doing fine, keep logging your weight.", toolCalls: [] }) });
});
afterEach(async () => {
  await fetch(`${server.url}/_fail`, { method: "DELETE" });
  server.requests.length = 0;
});
afterAll(async () => {
  await server.close();
});

async function armFailure(rule: { status: number; count: number }): Promise<void> {
  // retry-after-ms: 1 keeps the SDK's bounded retries from sleeping through their backoff.
  const response = await fetch(`${server.url}/_fail`, { method: "POST", body: JSON.stringify({ ...rule, path: "/v1/messages", retryAfterMs: 1 }) });
  expect(response.ok).toBe(true);
}

function provider(baseURL = server.url) {
  return createAnthropicMessagesProvider({ apiKey: "test-key", baseURL, model: "claude-test" });
}

/** Serves one raw SSE body to every request, for stream failures the fake's failure injection cannot produce; returns the request count. */
async function withRawStream(body: string, run: (url: string) => Promise<void>): Promise<number> {
  let served = 0;
  const raw = http.createServer((_request, response) => {
    served += 1;
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(body);
  });
  await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
  try {
    await run(`http://127.0.0.1:${(raw.address() as AddressInfo).port}`);
  } finally {
    raw.closeAllConnections();
    await new Promise((resolve) => raw.close(resolve));
  }
  return served;
}

const messageStart = `event: message_start\ndata: ${JSON.stringify({
  type: "message_start",
  message: { id: "msg_raw", type: "message", role: "assistant", model: "claude-test", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } },
})}\n\n`;
const textStart = `event: content_block_start\ndata: ${JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } })}\n\n`;
const textDelta = `event: content_block_delta\ndata: ${JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Partial" } })}\n\n`;

describe("Anthropic provider failures", () => {
  it.each([
    { status: 500, kind: "unavailable" },
    { status: 529, kind: "overloaded" },
    { status: 503, kind: "overloaded" },
    { status: 429, kind: "rate_limited" },
  ])("HTTP $status is a ProviderError of kind $kind after 1 + PROVIDER_MAX_RETRIES attempts", async ({ status, kind }) => {
    await armFailure({ status, count: 10 });
    const failure = await provider().generate(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind, status });
    expect(server.requests).toHaveLength(1 + PROVIDER_MAX_RETRIES);
    expect(server.requests.every((recorded) => recorded.status === status)).toBe(true);
  });

  it.each([
    { status: 401, kind: "auth" },
    { status: 403, kind: "auth" },
    { status: 400, kind: "bad_request" },
    { status: 404, kind: "bad_request" },
  ])("HTTP $status is a ProviderError of kind $kind on the first attempt, never retried", async ({ status, kind }) => {
    await armFailure({ status, count: 10 });
    await expect(provider().generate(request)).rejects.toMatchObject({ name: "ProviderError", kind, status });
    expect(server.requests).toHaveLength(1);
  });

  it("recovers inside the SDK's bounded retries when an overload passes", async () => {
    await armFailure({ status: 529, count: 1 });
    const response = await provider().generate(request);
    expect(response.text).toBe("You are doing fine, keep logging your weight.");
    expect(server.requests.map((recorded) => recorded.status)).toEqual([529, 200]);
  });

  it("an error event inside the stream is a ProviderError of kind stream, with no retry", async () => {
    const errorEvent = `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })}\n\n`;
    const served = await withRawStream(messageStart + textStart + textDelta + errorEvent, async (url) => {
      const deltas: string[] = [];
      const failure = await provider(url)
        .generate(request, { onTextDelta: (delta) => deltas.push(delta) })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect(failure).toMatchObject({ kind: "stream", status: undefined });
      expect(deltas).toEqual(["Partial"]);
    });
    expect(served).toBe(1);
  });

  it("a stream that ends before message_stop is a ProviderError of kind stream, not a short answer", async () => {
    await withRawStream(messageStart + textStart + textDelta, async (url) => {
      await expect(provider(url).generate(request)).rejects.toMatchObject({ name: "ProviderError", kind: "stream" });
    });
  });

  it("a refused connection is a ProviderError of kind unavailable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(provider(`http://127.0.0.1:${port}`).generate(request)).rejects.toMatchObject({ name: "ProviderError", kind: "unavailable" });
  });

  it("classifies the SDK's timeout and connection errors by class, and leaves a local error alone", () => {
    expect(classifyAnthropicError(new APIConnectionTimeoutError(), "request")).toMatchObject({ kind: "timeout" });
    expect(classifyAnthropicError(new APIConnectionError({ message: "request timed out" }), "request")).toMatchObject({ kind: "unavailable" });
    const local = new TypeError("network timeout while building params");
    expect(classifyAnthropicError(local, "request")).toBe(local);
    expect(classifyAnthropicError(local, "stream")).toMatchObject({ kind: "stream" });
  });

  it("hands back our own abort reason, not a ProviderError, and sends nothing when already aborted", async () => {
    const controller = new AbortController();
    const reason = new Error("user left the page");
    controller.abort(reason);
    await expect(provider().generate(request, { signal: controller.signal })).rejects.toBe(reason);
    expect(server.requests).toHaveLength(0);
  });

  it("an exception from our own onTextDelta stays a local error, never a ProviderError", async () => {
    const local = new Error("rendering the delta failed");
    const failure = await provider()
      .generate(request, {
        onTextDelta: () => {
          throw local;
        },
      })
      .catch((error: unknown) => error);
    expect(failure).toBe(local);
    expect(server.requests).toHaveLength(1);
  });

  it("hands back our own abort reason when the signal fires while the answer streams", async () => {
    const controller = new AbortController();
    const reason = new Error("user pressed stop");
    const deltas: string[] = [];
    const outcome = provider()
      .generate(request, {
        signal: controller.signal,
        onTextDelta: (delta) => {
          deltas.push(delta);
          controller.abort(reason);
        },
      })
      .catch((error: unknown) => error);
    expect(await outcome).toBe(reason);
    expect(deltas.length).toBeGreaterThanOrEqual(1);
  });
});
