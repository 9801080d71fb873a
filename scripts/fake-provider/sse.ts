// Server-sent events as the official SDKs parse them.
import type { ServerResponse } from "node:http";

export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
}

/** Writes one event; `event` is omitted for APIs that send only `data:` lines (Chat Completions). */
export function writeEvent(response: ServerResponse, options: { event?: string; data: unknown }): void {
  const lines = options.event ? `event: ${options.event}\n` : "";
  const data = typeof options.data === "string" ? options.data : JSON.stringify(options.data);
  response.write(`${lines}data: ${data}\n\n`);
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}
