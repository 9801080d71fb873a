// The OpenAI adapters' fetch over node:http: what the SDK relies on from fetch (status, headers, a streamed body, an
// AbortSignal, a TypeError when no answer came, an error when the body is cut short), against a real local server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createNodeHttpFetch, nodeHttpFetch } from "@/lib/agent/providers/node-http-fetch";
import { startRecordingServer, waitUntil } from "@/tests/support/recording-server";

const server = startRecordingServer();
describe("nodeHttpFetch", () => {
  it("sends the method, headers and body, and answers with the status, headers, URL and body", async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    server.handler = (request, body, response) => {
      seen = { method: request.method, headers: request.headers, body };
      response.writeHead(201, "Made", [
        ["content-type", "application/json"],
        ["x-request-id", "req_1"],
        ["set-cookie", "a=1"],
        ["set-cookie", "b=2"],
      ]);
      response.end('{"ok":true}');
    };
    const body = JSON.stringify({ model: "m", input: "café" });
    const response = await nodeHttpFetch(`${server.base}/v1/responses`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer k", "content-type": "application/json" }),
      body,
    });
    expect(seen.method).toBe("POST");
    expect(seen.body).toBe(body);
    expect(seen.headers).toMatchObject({
      authorization: "Bearer k",
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "accept-encoding": "identity",
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe("Made");
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${server.base}/v1/responses`);
    expect(response.headers.get("x-request-id")).toBe("req_1");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("hands over each piece of a streamed body as it arrives, before the server has ended it", async () => {
    let finish: (() => void) | undefined;
    server.handler = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n");
      finish = () => response.end("data: two\n\n");
    };
    const response = await nodeHttpFetch(`${server.base}/stream`, { method: "POST", body: "{}" });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe("data: one\n\n");
    finish?.();
    let rest = "";
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += decoder.decode(read.value, { stream: true });
    expect(rest).toBe("data: two\n\n");
  });

  it("delivers a large body whole and in order to a reader slower than the server", async () => {
    const piece = (index: number) => `${String(index).padStart(6, "0")}${"x".repeat(16_378)}`;
    server.handler = (_request, _body, response) => {
      response.writeHead(200);
      for (let index = 0; index < 300; index += 1) response.write(piece(index));
      response.end();
    };
    const response = await nodeHttpFetch(`${server.base}/large`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let reads = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
      if (++reads % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(text.length).toBe(300 * 16_384);
    expect(text).toBe(Array.from({ length: 300 }, (_, index) => piece(index)).join(""));
  });

  it("stops reading the connection while nobody reads the body, so the server's writes wait instead of piling up here", async () => {
    let serverResponse: http.ServerResponse | undefined;
    server.handler = (_request, _body, response) => {
      serverResponse = response;
      response.writeHead(200);
      // 32 MB: more than the kernel's socket buffers on both ends hold.
      const piece = Buffer.alloc(65_536, 120);
      for (let index = 0; index < 512; index += 1) response.write(piece);
      response.end();
    };
    const response = await nodeHttpFetch(`${server.base}/backpressure`);
    // One read starts the flow; then nobody reads.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let bytes = ((await reader.read()).value as Uint8Array).byteLength;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(serverResponse?.writableLength ?? 0).toBeGreaterThan(8_000_000);
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    expect(bytes).toBe(512 * 65_536);
  });

  it("decodes a body the server compressed although it was asked not to", async () => {
    server.handler = (_request, _body, response) => {
      response.writeHead(200, { "content-encoding": "gzip", "content-type": "application/json" });
      response.end(zlib.gzipSync('{"error":{"message":"compressed"}}'));
    };
    const response = await nodeHttpFetch(`${server.base}/gzip`);
    expect(await response.json()).toEqual({ error: { message: "compressed" } });
  });

  it("gives a 204 no body", async () => {
    server.handler = (_request, _body, response) => response.writeHead(204).end();
    const response = await nodeHttpFetch(`${server.base}/empty`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it("keeps the connection for the next request", async () => {
    server.handler = (_request, _body, response) => response.end("ok");
    await (await nodeHttpFetch(`${server.base}/first`)).text();
    const before = server.connections;
    await (await nodeHttpFetch(`${server.base}/second`)).text();
    await (await nodeHttpFetch(`${server.base}/third`)).text();
    expect(server.connections).toBe(before);
  });

  it("rejects with a TypeError carrying the cause when nothing answers", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await nodeHttpFetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("fetch failed");
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });

  it("rejects with the signal's reason when aborted before the answer, and closes the request", async () => {
    let arrived = false;
    server.handler = () => {
      arrived = true; // and never answers
    };
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${server.base}/slow`, { signal: controller.signal });
    await waitUntil(() => arrived);
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    expect((failure as DOMException).name).toBe("AbortError");
    await waitUntil(() => server.closedRequests.includes("/slow cut"));
  });

  it("rejects at once with an already aborted signal, sending nothing", async () => {
    let requests = 0;
    server.handler = (_request, _body, response) => {
      requests += 1;
      response.end();
    };
    const reason = new Error("stopped by the caller");
    const failure = await nodeHttpFetch(`${server.base}/never`, { signal: AbortSignal.abort(reason) }).catch((error: unknown) => error);
    expect(failure).toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toBe(0);
  });

  it("errors the body with the signal's reason when aborted while it streams, and closes the connection", async () => {
    server.handler = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n");
    };
    const controller = new AbortController();
    const response = await nodeHttpFetch(`${server.base}/abort-mid-body`, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    const failure = await reader.read().catch((error: unknown) => error);
    expect((failure as DOMException).name).toBe("AbortError");
    await waitUntil(() => server.closedRequests.includes("/abort-mid-body cut"));
  });

  it("errors the body when the connection is cut before its end, as a broken stream and not a clean end", async () => {
    server.handler = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n");
      setTimeout(() => response.socket?.destroy(), 20);
    };
    const response = await nodeHttpFetch(`${server.base}/cut`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const failure = await reader.read().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("terminated");
  });

  it("errors a body that sends nothing for the idle timeout, and closes the connection", async () => {
    server.handler = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n"); // then nothing, the connection open
    };
    const response = await createNodeHttpFetch({ bodyIdleTimeoutMs: 100 })(`${server.base}/stalled`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const startedAt = performance.now();
    const failure = await reader.read().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(((failure as TypeError).cause as Error).message).toBe("the body sent nothing for 100 ms");
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(90);
    await waitUntil(() => server.closedRequests.includes("/stalled cut"));
  });

  it("cancelling the body closes the connection", async () => {
    server.handler = (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n");
    };
    const response = await nodeHttpFetch(`${server.base}/cancelled`);
    await (response.body as ReadableStream<Uint8Array>).cancel();
    await waitUntil(() => server.closedRequests.includes("/cancelled cut"));
  });
});
