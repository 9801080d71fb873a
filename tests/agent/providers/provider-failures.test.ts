// On every HTTP adapter, failures of the model API itself become ProviderErrors by status and class, after at most
// PROVIDER_MAX_RETRIES SDK retries (the Google SDK's own default for interactions is 4); our own cancellation and our
// own callbacks' exceptions are handed back untouched.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_MAX_RETRIES, ProviderError, type ModelRequest } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import { providerAdapters } from "./wire-adapters";

const request: ModelRequest = { system: "Coach.", history: [{ type: "user", text: "How am I doing?" }], tools: [], locale: "en" };

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

describe.each(providerAdapters)("$name provider failures", (adapter) => {
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
    const response = await fetch(`${server.url}/_fail`, { method: "POST", body: JSON.stringify({ ...rule, path: adapter.path, retryAfterMs: 1 }) });
    expect(response.ok).toBe(true);
  }

  const provider = (baseUrl = server.url) => adapter.create(baseUrl);

  it.each([
    { status: 500, kind: "unavailable" },
    { status: 529, kind: "overloaded" },
    { status: 503, kind: "overloaded" },
    { status: 429, kind: "rate_limited" },
  ])("HTTP $status is a ProviderError of kind $kind after 1 + PROVIDER_MAX_RETRIES attempts", async ({ status, kind }) => {
    await armFailure({ status, count: 10 });
    const failure = await provider()
      .generate(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind, status });
    expect(server.requests.filter((recorded) => recorded.path === adapter.path)).toHaveLength(1 + PROVIDER_MAX_RETRIES);
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

  it.each([503, 529])("recovers inside the SDK's bounded retries when an overload (%i) passes, with no retry of ours on top", async (status) => {
    await armFailure({ status, count: 1 });
    const response = await provider().generate(request);
    expect(response.text).toBe("You are doing fine, keep logging your weight.");
    expect(server.requests.map((recorded) => recorded.status)).toEqual([status, 200]);
  });

  // The OpenAI adapters' stream failures are driven in their own route tests (fake-responses-route, fake-chat-route).
  const streamFailures = adapter.streamFailures;
  if (streamFailures) {
    it("an error event inside the stream is a ProviderError of kind stream, with no retry", async () => {
      const served = await withRawStream(streamFailures.partialThenError, async (url) => {
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

    it("a stream that ends without completing is a ProviderError of kind stream, not a short answer", async () => {
      for (const body of streamFailures.unfinished) {
        await withRawStream(body, async (url) => {
          await expect(provider(url).generate(request)).rejects.toMatchObject({ name: "ProviderError", kind: "stream" });
        });
      }
    });
  }

  it("a refused connection is a ProviderError of kind unavailable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(provider(`http://127.0.0.1:${port}`).generate(request)).rejects.toMatchObject({
      name: "ProviderError",
      kind: "unavailable",
      status: undefined,
    });
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

  it("hands back the signal's AbortError when it fires without a reason while the answer streams", async () => {
    const controller = new AbortController();
    const failure = await provider()
      .generate(request, { signal: controller.signal, onTextDelta: () => controller.abort() })
      .catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ name: "AbortError" });
  });
});
