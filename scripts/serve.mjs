// `npm start`: the production build behind Node's own HTTP server. `next start` keeps an X-Forwarded-For header the
// client sent, and better-auth limits sign-in by that header, so anyone could pick a new "address" per attempt. Here
// the header is the TCP peer's address unless PALESTRA_TRUST_PROXY says a reverse proxy in front overwrites it. Every
// request first passes scripts/entry-guard.mjs: better-auth and Next.js read whole bodies with no cap of their own.
// A chat turn then goes straight to its route's handler once that route is loaded (lib/http/direct-routes.ts).
import http from "node:http";
import { createRequire } from "node:module";
import { isIPv6 } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { applyConnectionTimeouts } from "./connection-timeouts.mjs";
import { guardContinue, guardRequest } from "./entry-guard.mjs";
import { fillForwardedHeaders } from "./forwarded-headers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: options } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(options.port ?? process.env.PORT ?? 3000);
// Like `next start`: every interface unless told otherwise.
const hostname = options.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";
const trustSetting = (process.env.PALESTRA_TRUST_PROXY ?? "").trim().toLowerCase();
if (!["", "0", "false", "off", "no", "1", "true", "on", "yes"].includes(trustSetting)) {
  console.error(`PALESTRA_TRUST_PROXY: expected 1/true/on/yes or 0/false/off/no, received "${process.env.PALESTRA_TRUST_PROXY}"`);
  process.exit(1);
}
const trustProxy = ["1", "true", "on", "yes"].includes(trustSetting);

// A production server whatever the shell says: NODE_ENV=development would turn the QA fault toggle on by default.
process.env.NODE_ENV = "production";
process.env.PORT = String(port);
// Bench only (npm run bench): the server's event-loop delay, written to this file on SIGUSR2; never served over HTTP.
if (process.env.PALESTRA_BENCH_EVENT_LOOP_FILE) (await import("./bench/event-loop-probe.mjs")).startEventLoopProbe(process.env.PALESTRA_BENCH_EVENT_LOOP_FILE);
const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// Made from the validated environment by instrumentation.ts once the database is ready (migrations applied): the body
// cap, headers and refusals. prepare() can resolve while an async register() is still running (seen when the server
// graph holds the PostgreSQL adapter), so wait for it rather than read it once; nothing listens before it is there.
const policySlot = Symbol.for("palestra.entryPolicy");
const policyDeadline = Date.now() + 120_000;
while (!globalThis[policySlot] && Date.now() < policyDeadline) await new Promise((resolve) => setTimeout(resolve, 25));
const policy = globalThis[policySlot];
if (!policy) {
  console.error("Palestra cannot start: the build did not hand over its request policy (instrumentation.ts did not run).");
  process.exit(1);
}

// Routes whose modules asked to be served without Next.js's request pipeline (lib/http/direct-routes.ts), given the
// absolute URL Next.js would give their handler (resolve-routes.js: the configured host and port, not the Host header).
const directRoutes = Symbol.for("palestra.directRoutes");
const handlerHost = `${isIPv6(hostname) ? `[${hostname}]` : hostname}:${port}`;
const protocolOf = (request) => (request.socket.encrypted || String(request.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http");

// Next.js's own compression, applied to a direct route's answer as Next.js's router applies it to every response it
// serves (next/dist/server/lib/router-server.js, next.config.ts leaving `compress` on): gzip or deflate when the client
// asks. An answer that says no-transform (a streamed turn) is never compressed, so it skips the middleware's wrappers
// around every write. e2e/api/chat.spec.ts compares the heads with Next.js's.
const require = createRequire(import.meta.url);
// The test the middleware itself makes of Cache-Control.
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;
const compress = require("next/dist/compiled/compression")();
const { releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream");

function compressLikeNext(request, response) {
  compress(request, response, () => {});
  // As the router does: a client gone mid-answer would otherwise leave the zlib stream open past garbage collection.
  response.once("close", () => {
    if (!response.writableFinished) releaseCompressionStream(response);
  });
}

function handleRequest(request, response) {
  if (!trustProxy) request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "";
  const direct = globalThis[directRoutes]?.find(request);
  if (!direct) return void handle(request, response);
  fillForwardedHeaders(request, { hostname, port });
  if (!NO_TRANSFORM.test(direct.cacheControl)) compressLikeNext(request, response);
  void direct.serve(response, `${protocolOf(request)}://${handlerHost}${request.url}`);
}

const server = http.createServer((request, response) => guardRequest(policy, request, response, () => handleRequest(request, response)));
applyConnectionTimeouts(server);
server.on("checkContinue", (request, response) => guardContinue(policy, request, response, () => handleRequest(request, response)));
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
  console.log(`Palestra is serving http://${shown}:${port} (client addresses: ${trustProxy ? "X-Forwarded-For from the proxy" : "TCP connection"})`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Streams (chat turns, SSE) can hold connections open: do not wait for them forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
