// Routes the server's entry (scripts/serve.mjs) hands straight to their handler, outside Next.js's request pipeline. A
// streamed chat turn holds its request open for seconds; under Next.js each open turn kept about fifteen suspended
// frames of its router and renderer alive (heap snapshots at 500 open turns) and piped every event through a web
// stream pair into the socket. With 500 turns open, serving them here took the server-added p99 from 201-1,030 ms to
// 65-756 ms and the scavenges from about 135 to 100 in alternating runs (BENCHMARKS.md has the full run's figures).
// A turn answered as JSON is served here too: Next.js's router, request adapter and web streams were about a third of
// its cost (the bench's chat figure alone: 285 turns per second through Next.js, 447 and 452 here, minutes apart).
// The handler is the route's own exported function, so what it answers is the same; this module carries the request
// in and the response out the way Next.js's sendResponse does, its headers included, and the entry compresses it as
// Next.js's router does (tests/http/direct-routes.test.ts, and the heads compared with Next.js's in
// e2e/api/chat.spec.ts).
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logEvent } from "@/lib/observability/logger";

export type DirectRouteHandler = (request: Request) => Promise<Response>;

/** The route that serves one request. */
export type DirectRoute = {
  /** What next.config.ts's rules set on this request's answer: with no-transform (a streamed turn), nothing compresses it. */
  cacheControl: string;
  /** `url`: the absolute URL Next.js would have given the handler (see scripts/serve.mjs). */
  serve: (response: ServerResponse, url: string) => Promise<void>;
};

export type DirectRouteRegistry = {
  /** The route that serves this request, or undefined to leave it to Next.js. */
  find(request: IncomingMessage): DirectRoute | undefined;
};

/**
 * What next.config.ts's headers() rules set before the handler runs (a test holds them together): on every API
 * response, and on a streamed chat turn; and the Vary header Next.js adds to every App Router response.
 */
export const API_CACHE_CONTROL = "no-store";
export const STREAMED_CHAT_CACHE_CONTROL = "no-store, no-transform";
export const APP_ROUTER_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

/** Next.js drops these from a handler's response (send-response.js): Node.js frames the body itself. */
const FORBIDDEN_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding"]);
/** Headers a handler may add a second copy of; any other header already set before the handler wins (as in Next.js). */
const MULTI_VALUE_HEADERS = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

const slot = Symbol.for("palestra.directRoutes");

/** Keyed by method and path. */
type Entry = { cacheControl: (request: IncomingMessage) => string; handler: DirectRouteHandler };

function registry(): DirectRouteRegistry & { entries: Map<string, Entry> } {
  const holder = globalThis as { [slot]?: DirectRouteRegistry & { entries: Map<string, Entry> } };
  holder[slot] ??= {
    entries: new Map(),
    find(request) {
      const target = request.url ?? "";
      const query = target.indexOf("?");
      const entry = this.entries.get(`${request.method} ${query === -1 ? target : target.slice(0, query)}`);
      if (!entry) return undefined;
      const cacheControl = entry.cacheControl(request);
      return { cacheControl, serve: (response, url) => serveDirect({ request, response, url, cacheControl, handler: entry.handler }) };
    },
  };
  return holder[slot];
}

/**
 * Registers a route for the server's entry to serve directly: its method and `path`, matched exactly (the query
 * aside); anything else (another method, a trailing slash, an encoded path) stays with Next.js. `cacheControl` says
 * what next.config.ts's rules would set on this request. Registered when the route's module first loads, so the first
 * request reaches it through Next.js.
 */
export function registerDirectRoute(options: {
  method: string;
  path: string;
  cacheControl: (request: IncomingMessage) => string;
  handler: DirectRouteHandler;
}): void {
  const { method, path, cacheControl, handler } = options;
  registry().entries.set(`${method} ${path}`, { cacheControl, handler });
}

function requestHeadersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** The whole body (the entry already held it to its cap and replays it). */
function readBody(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    request.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.byteLength;
    });
    request.once("end", () => {
      const body = new Uint8Array(length);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(body);
    });
    request.once("error", reject);
  });
}

/** The handler's status and headers over what the entry already set, as Next.js's sendResponse merges them. */
function writeHead(response: ServerResponse, answer: Response, cacheControl: string): void {
  response.statusCode = answer.status;
  response.statusMessage = answer.statusText;
  response.setHeader("Cache-Control", cacheControl);
  response.setHeader("vary", APP_ROUTER_VARY);
  answer.headers.forEach((value, name) => {
    if (FORBIDDEN_HEADERS.has(name)) return;
    // Headers yields each Set-Cookie on its own, the others combined.
    if (MULTI_VALUE_HEADERS.has(name) || response.getHeader(name) === undefined) {
      response.appendHeader(name, value);
    }
  });
}

/** Writes the body as it comes, waiting for the socket to drain; a client that goes away cancels the body's stream. */
async function pipeBody(body: ReadableStream<Uint8Array>, response: ServerResponse): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  let drained: (() => void) | undefined;
  const onDrain = () => drained?.();
  const onClose = () => {
    drained?.();
    if (!response.writableFinished) cancel();
  };
  response.on("drain", onDrain);
  response.once("close", onClose);
  try {
    // Gone already (before the handler answered): nothing will read what the body still has to say.
    if (response.destroyed) return cancel();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (response.destroyed) return cancel();
      if (!response.write(value)) await new Promise<void>((resolve) => (drained = resolve));
    }
    response.end();
  } finally {
    response.off("drain", onDrain);
    response.off("close", onClose);
    reader.releaseLock();
  }
}

async function serveDirect(options: {
  request: IncomingMessage;
  response: ServerResponse;
  url: string;
  cacheControl: string;
  handler: DirectRouteHandler;
}): Promise<void> {
  const { request, response, url, cacheControl, handler } = options;
  try {
    const body = await readBody(request);
    const answer = await handler(new Request(url, { method: request.method, headers: requestHeadersOf(request), body }));
    writeHead(response, answer, cacheControl);
    if (answer.body) await pipeBody(answer.body, response);
    else response.end();
  } catch (error) {
    // The handler answers its own failures (apiRoute); this is the transport failing: logged, as Next.js logs it.
    logEvent("error", "direct-route-failed", { route: `${request.method} ${request.url?.split("?")[0]}`, error });
    if (!response.headersSent) {
      response.statusCode = 500;
      response.setHeader("Cache-Control", cacheControl);
      response.end();
    } else {
      response.destroy();
    }
  }
}
