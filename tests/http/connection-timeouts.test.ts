// The server's idle keep-alive time: a client that pauses longer than Node.js's 5 s default reuses its connection
// instead of racing the server's close (which shows up as ECONNRESET on a request the server never received).
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error -- plain JavaScript module of the server's entry, without type declarations.
import { applyConnectionTimeouts, KEEP_ALIVE_TIMEOUT_MS } from "../../scripts/connection-timeouts.mjs";

let server: http.Server;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end(String(_request.socket.remotePort ?? 0)));
  applyConnectionTimeouts(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function get(): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

it("outlasts a proxy's 60 s idle time, and waits for headers longer than it keeps a connection idle", () => {
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
});

it("keeps an idle connection past Node's 5 s default, so the next request reuses it", async () => {
  const firstClientPort = await get();
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  // The server answers with the client's port: the same port means the same TCP connection.
  expect(await get()).toBe(firstClientPort);
}, 20_000);
