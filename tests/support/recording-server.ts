// A real local HTTP server for tests of HTTP clients: each test sets how it answers, and it records how each request's
// answer ended (finished, or cut by the client) and how many connections it accepted.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export type Handler = (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void;

export type RecordingServer = {
  base: string;
  handler: Handler;
  connections: number;
  /** `<url> finished` or `<url> cut`, as each answer closed. */
  closedRequests: string[];
};

/** Starts the server before the file's tests and closes it after them. */
export function startRecordingServer(): RecordingServer {
  const state: RecordingServer = { base: "", handler: (_request, _body, response) => response.end(), connections: 0, closedRequests: [] };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => state.handler(request, Buffer.concat(chunks).toString("utf8"), response));
      response.on("close", () => state.closedRequests.push(`${request.url} ${response.writableFinished ? "finished" : "cut"}`));
    });
    server.on("connection", () => (state.connections += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return state;
}

/** Polls every 10 ms, for at most 2 s. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 200) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
