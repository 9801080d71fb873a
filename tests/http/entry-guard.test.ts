// scripts/entry-guard.mjs in front of a real Node.js HTTP server, with a handler that echoes the body it reads.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntryPolicy } from "@/lib/http/entry-policy";
// @ts-expect-error -- plain JavaScript module of the server's entry, without type declarations.
import { guardContinue, guardRequest } from "../../scripts/entry-guard.mjs";

const MAX = 4096;
const policy = { ...createEntryPolicy({ PALESTRA_MAX_BODY_BYTES: MAX, authUrl: "https://palestra.example.org" }), lingerMs: 300 };
let server: http.Server;
let port: number;
let handled = 0;

function echo(request: http.IncomingMessage, response: http.ServerResponse) {
  handled += 1;
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => response.end(`${Buffer.concat(chunks).length}:${Buffer.concat(chunks).toString("latin1").slice(0, 20)}`));
}

beforeAll(async () => {
  server = http.createServer((request, response) => guardRequest(policy, request, response, () => echo(request, response)));
  server.on("checkContinue", (request, response) => guardContinue(policy, request, response, () => echo(request, response)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** Sends `chunks` one by one (chunked unless a length is given); resolves with the answer even if the upload is cut. */
function send(options: { path?: string; chunks?: Buffer[]; headers?: Record<string, string | string[]> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: options.path ?? "/api/v1/chat", headers: options.headers });
    request.on("response", (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString() }));
      response.on("error", reject);
    });
    request.on("error", () => {});
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

describe("the server's entry", () => {
  it("hands a body within the cap to the handler intact, chunked or with a length, with the security headers", async () => {
    const body = Buffer.alloc(MAX, "a");
    const chunked = await send({ chunks: [body.subarray(0, 1000), body.subarray(1000)] });
    expect(chunked.status).toBe(200);
    expect(chunked.body).toBe(`${MAX}:${"a".repeat(20)}`);
    const declared = await send({ chunks: [body], headers: { "content-length": String(MAX) } });
    expect(declared.body).toBe(`${MAX}:${"a".repeat(20)}`);
    expect(declared.headers["x-content-type-options"]).toBe("nosniff");
    expect(declared.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("refuses a declared length over the cap with 413 problem+json before the handler runs", async () => {
    const before = handled;
    const answer = await send({ chunks: [Buffer.alloc(MAX + 1)], headers: { "content-length": String(MAX + 1) } });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(answer.body)).toMatchObject({ type: "https://palestra.dev/problems/payload_too_large", status: 413 });
    expect(handled).toBe(before);
  });

  it("counts a chunked body as it streams and refuses it past the cap without the handler ever running", async () => {
    const before = handled;
    const answer = await send({ chunks: Array.from({ length: 64 }, () => Buffer.alloc(1024, "b")) });
    expect(answer.status).toBe(413);
    expect(handled).toBe(before);
  });

  it("closes the connection of a refused upload that keeps coming, once the linger time has passed", async () => {
    const closed = await new Promise<{ status: number; closedAfterMs: number }>((resolve) => {
      // allowHalfOpen: the client ignores the end of the answer and keeps writing, as a hostile one would.
      const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
      let status = 0;
      const started = performance.now();
      socket.on("data", (data) => {
        status ||= Number(/^HTTP\/1\.1 (\d+)/.exec(data.toString())?.[1] ?? 0);
      });
      socket.on("close", () => resolve({ status, closedAfterMs: performance.now() - started }));
      socket.on("error", () => {});
      socket.write("POST /api/v1/chat HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
      const chunk = `400\r\n${"c".repeat(1024)}\r\n`;
      const writer = setInterval(() => (socket.writable ? socket.write(chunk) : clearInterval(writer)), 5);
      socket.on("close", () => clearInterval(writer));
    });
    expect(closed.status).toBe(413);
    expect(closed.closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closed.closedAfterMs).toBeLessThan(5_000);
  });

  it("answers Expect: 100-continue for a body over the cap with 413 and no 100", async () => {
    const answer = await send({ headers: { "content-length": String(MAX * 10), expect: "100-continue" } });
    expect(answer.status).toBe(413);
  });

  it("refuses a malformed percent-escape: problem+json under /api, plain text elsewhere", async () => {
    const api = await send({ path: "/api/v1/measurements/%" });
    expect(api.status).toBe(400);
    expect(api.headers["content-type"]).toBe("application/problem+json");
    const page = await send({ path: "/measurements/%E0%A4%A" });
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("refuses two Idempotency-Key headers, which Node.js would merge into one value", async () => {
    const answer = await send({ headers: { "idempotency-key": ['"a"', '"b"'] } });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ type: "https://palestra.dev/problems/idempotency_key_invalid" });
  });
});
