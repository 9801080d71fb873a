// The direct route's transport: what reaches the handler, and the response as Next.js's sendResponse would write it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
// @ts-expect-error -- plain JavaScript module of the server's entry, without type declarations.
import { fillForwardedHeaders } from "../../scripts/forwarded-headers.mjs";
import { API_CACHE_CONTROL, APP_ROUTER_VARY, registerDirectRoute, STREAMED_CHAT_CACHE_CONTROL, type DirectRouteRegistry } from "@/lib/http/direct-routes";

const registry = () => (globalThis as unknown as Record<symbol, DirectRouteRegistry>)[Symbol.for("palestra.directRoutes")]!;

type Seen = { url: string; method: string; authorization: string | null; cookie: string | null; body: string; forwarded?: Record<string, string | null> };
let seen: Seen[] = [];
let answer: () => Response | Promise<Response>;
let server: http.Server;
let base: string;

beforeAll(async () => {
  registerDirectRoute({
    method: "POST",
    path: "/direct-test",
    cacheControl: (request) => (request.headers.accept === "text/event-stream" ? STREAMED_CHAT_CACHE_CONTROL : API_CACHE_CONTROL),
    handler: async (request) => {
      seen.push({
        url: request.url,
        method: request.method,
        authorization: request.headers.get("authorization"),
        cookie: request.headers.get("cookie"),
        body: await request.text(),
        forwarded: Object.fromEntries(["for", "host", "port", "proto"].map((name) => [name, request.headers.get(`x-forwarded-${name}`)])),
      });
      return answer();
    },
  });
  // As scripts/serve.mjs: the entry's own headers first, then the direct route or (here) a 404 standing for Next.js.
  server = http.createServer((request, response) => {
    response.setHeader("x-content-type-options", "nosniff");
    const direct = registry().find(request);
    if (direct) {
      fillForwardedHeaders(request, { hostname: "handler.test", port: 3000 });
      return void direct.serve(response, `http://handler.test:3000${request.url}`);
    }
    response.statusCode = 404;
    response.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const streamed = { accept: "text/event-stream", "content-type": "application/json" };

describe("which requests a direct route takes", () => {
  it("takes its method and exact path, a query included, whatever the request accepts; leaves everything else to Next.js", async () => {
    answer = () => new Response("ok");
    const statusOf = async (path: string, init: RequestInit) => (await fetch(base + path, init)).status;
    expect(await statusOf("/direct-test", { method: "POST", headers: streamed, body: "{}" })).toBe(200);
    expect(await statusOf("/direct-test?x=1", { method: "POST", headers: streamed, body: "{}" })).toBe(200);
    expect(await statusOf("/direct-test", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).toBe(200);
    expect(await statusOf("/direct-test", { method: "GET", headers: streamed })).toBe(404);
    expect(await statusOf("/direct-test/", { method: "POST", headers: streamed, body: "{}" })).toBe(404);
    expect(await statusOf("/direct-tes%74", { method: "POST", headers: streamed, body: "{}" })).toBe(404);
    expect(await statusOf("/other", { method: "POST", headers: streamed, body: "{}" })).toBe(404);
  });
});

describe("serving a request directly", () => {
  it("hands the handler the URL Next.js would, the method, every header and the whole body", async () => {
    seen = [];
    answer = () => new Response(null, { status: 204 });
    const body = JSON.stringify({ message: "x".repeat(200_000) });
    await fetch(`${base}/direct-test?c=1`, { method: "POST", headers: { ...streamed, authorization: "Bearer t", cookie: "a=1; b=2" }, body });
    expect(seen).toEqual([
      { url: "http://handler.test:3000/direct-test?c=1", method: "POST", authorization: "Bearer t", cookie: "a=1; b=2", body, forwarded: expect.anything() },
    ]);
  });

  it("fills the X-Forwarded-* headers Next.js fills when the request has none (the TCP peer, the Host, the server's port), and keeps those it has", async () => {
    seen = [];
    answer = () => new Response(null, { status: 204 });
    await fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}" });
    const host = new URL(base).host;
    expect(seen[0]?.forwarded).toEqual({ for: "127.0.0.1", host, port: "3000", proto: "http" });
    const sent = { "x-forwarded-for": "203.0.113.7", "x-forwarded-host": "palestra.example", "x-forwarded-port": "443", "x-forwarded-proto": "https" };
    await fetch(`${base}/direct-test`, { method: "POST", headers: { ...streamed, ...sent }, body: "{}" });
    expect(seen[1]?.forwarded).toEqual({ for: "203.0.113.7", host: "palestra.example", port: "443", proto: "https" });
  });

  it("writes the head as Next.js does: the route's Cache-Control and Next's Vary over the handler's, the entry's headers kept, framing left to Node.js", async () => {
    answer = () =>
      new Response("problem", {
        status: 401,
        headers: [
          ["content-type", "application/problem+json"],
          ["cache-control", "public, max-age=60"],
          ["content-length", "7"],
          ["x-content-type-options", "other"],
          ["www-authenticate", 'Bearer realm="palestra"'],
          ["set-cookie", "a=1; Path=/"],
          ["set-cookie", "b=2; Path=/"],
        ],
      });
    const response = await fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}" });
    expect(response.status).toBe(401);
    expect(response.statusText).toBe("Unauthorized");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("vary")).toBe(APP_ROUTER_VARY);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="palestra"');
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(await response.text()).toBe("problem");
  });

  it("sets the Cache-Control the route gives each request: a JSON answer's is not a streamed one's", async () => {
    answer = () => new Response("{}", { headers: { "content-type": "application/json", "cache-control": "public" } });
    const json = await fetch(`${base}/direct-test`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.headers.get("cache-control")).toBe("no-store");
    expect(json.headers.get("vary")).toBe(APP_ROUTER_VARY);
    const stream = await fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}" });
    expect(stream.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("streams each chunk as the handler's body yields it, not once the body ends", async () => {
    let push!: (text: string) => void;
    let end!: () => void;
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(new TextEncoder().encode(text));
            end = () => controller.close();
            // The head goes out with the first chunk, as Next.js sends it.
            push("event: one\n\n");
          },
        }),
        { headers: { "content-type": "text/event-stream; charset=utf-8" } },
      );
    const response = await fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}" });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("event: one\n\n");
    push("event: two\n\n");
    expect(decoder.decode((await reader.read()).value)).toBe("event: two\n\n");
    end();
    expect((await reader.read()).done).toBe(true);
  });

  it("cancels the handler's body when the client goes away mid-stream", async () => {
    let cancelled!: () => void;
    const cancel = new Promise<void>((resolve) => (cancelled = resolve));
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("event: one\n\n"));
          },
          cancel: () => cancelled(),
        }),
      );
    const aborter = new AbortController();
    const response = await fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}", signal: aborter.signal });
    await response.body!.getReader().read();
    aborter.abort();
    await expect(Promise.race([cancel.then(() => "cancelled"), new Promise((resolve) => setTimeout(() => resolve("not cancelled"), 5_000))])).resolves.toBe(
      "cancelled",
    );
  });

  it("cancels the handler's body when the client went away before the handler answered", async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let cancelled!: () => void;
    const cancel = new Promise<void>((resolve) => (cancelled = resolve));
    answer = () => {
      arrived();
      return gate.then(() => new Response(new ReadableStream<Uint8Array>({ cancel: () => cancelled() })));
    };
    const aborter = new AbortController();
    const request = fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}", signal: aborter.signal }).catch(() => "aborted");
    await arrival;
    aborter.abort();
    expect(await request).toBe("aborted");
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    await expect(Promise.race([cancel.then(() => "cancelled"), new Promise((resolve) => setTimeout(() => resolve("not cancelled"), 5_000))])).resolves.toBe(
      "cancelled",
    );
  });

  it("answers 500 with the route's Cache-Control when the handler throws before answering", async () => {
    answer = () => {
      throw new Error("transport test");
    };
    const response = await fetch(`${base}/direct-test`, { method: "POST", headers: streamed, body: "{}" });
    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.text()).toBe("");
  });
});

describe("the chat route's Cache-Control", () => {
  it("is what next.config.ts's headers() rules give POST /api/v1/chat under Next.js, with and without Accept: text/event-stream", async () => {
    const rules = await nextConfig.headers!();
    const chat = rules.find((rule) => rule.source === "/api/v1/chat");
    expect(chat?.has).toEqual([{ type: "header", key: "accept", value: ".*text/event-stream.*" }]);
    expect(chat?.headers).toEqual([{ key: "Cache-Control", value: STREAMED_CHAT_CACHE_CONTROL }]);
    // The catch-all rule covers every other request to the route; the later rule wins over it, as Next.js applies them in order.
    const catchAll = rules.findIndex((rule) => rule.source === "/((?!_next/static|_next/image|favicon.ico).*)");
    expect(rules[catchAll]?.has).toBeUndefined();
    expect(rules[catchAll]?.headers).toEqual([{ key: "Cache-Control", value: API_CACHE_CONTROL }]);
    expect(rules.indexOf(chat!)).toBeGreaterThan(catchAll);
  });
});
