// Makes the fake answer at a real model's pace: a route writes its whole answer at once, and this holds it back and
// sends it out as a slow model would, so load tests see the seconds a real model takes per request.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { z } from "zod";

/** The longest wait the fake accepts, so a typo cannot hang a run for hours. */
const MAX_PACING_MS = 600_000;

export const pacingSchema = z.strictObject({
  /** From the request's arrival to the head and first chunk of the answer (time to first token). */
  firstByteMs: z.number().int().min(0).max(MAX_PACING_MS),
  /** From the first chunk to the last: the rest of a streamed answer is spread evenly over it. */
  streamMs: z.number().int().min(0).max(MAX_PACING_MS),
});

export type Pacing = z.infer<typeof pacingSchema>;

export const noPacing: Pacing = { firstByteMs: 0, streamMs: 0 };

export const isPaced = (pacing: Pacing) => pacing.firstByteMs > 0 || pacing.streamMs > 0;

type Head = { status: number; headers: OutgoingHttpHeaders };

function readHead(args: unknown[]): Head {
  const [status, second, third] = args as [number, unknown, unknown];
  // writeHead(status, headers) or writeHead(status, statusMessage, headers).
  const headers = (typeof second === "string" ? third : second) as OutgoingHttpHeaders | undefined;
  return { status, headers: headers ?? {} };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Captures what a route writes to `response` until `release` is called, then sends it: the head and the first chunk
 * `firstByteMs` after `arrivedAt` (a `performance.now()` time), each later chunk of an event stream at an even step
 * so that the answer ends `firstByteMs + streamMs` after arrival. A JSON answer goes out whole at that end (the model
 * takes as long to write it; it only does not show its work). Error answers (status 400 and above) go out at once,
 * as a provider refuses a request before generating anything. `release` resolves once the answer has been sent.
 */
export function paceResponse(response: ServerResponse, options: { pacing: Pacing; arrivedAt: number }): { release: () => Promise<void>; abandon: () => void } {
  const { pacing, arrivedAt } = options;
  const original = { writeHead: response.writeHead, write: response.write, end: response.end };
  let head: Head | undefined;
  const chunks: Array<string | Buffer> = [];
  let ended = false;
  // Only what the routes use (sse.ts): writeHead(status, headers), write(text), end(text?).
  response.writeHead = ((...args: unknown[]) => {
    head = readHead(args);
    return response;
  }) as ServerResponse["writeHead"];
  response.write = ((chunk: string | Buffer) => {
    chunks.push(chunk);
    return true;
  }) as ServerResponse["write"];
  response.end = ((chunk?: string | Buffer) => {
    if (chunk !== undefined && typeof chunk !== "function") chunks.push(chunk);
    ended = true;
    return response;
  }) as ServerResponse["end"];

  const restore = () => Object.assign(response, original);
  const sendHead = () => head && response.writeHead(head.status, head.headers);
  return {
    /** The route failed: forget what it wrote and give the response back untouched for the error answer. */
    abandon: restore,
    async release() {
      restore();
      if (!head && !ended) return;
      const streamed = String(head?.headers["content-type"] ?? "").startsWith("text/event-stream");
      const sendAll = () => {
        sendHead();
        for (const chunk of chunks) response.write(chunk);
        if (ended) response.end();
      };
      if ((head?.status ?? 200) >= 400) return sendAll();
      const endAt = arrivedAt + pacing.firstByteMs + pacing.streamMs;
      if (!streamed) {
        await wait(endAt - performance.now());
        if (!response.destroyed) sendAll();
        return;
      }
      await wait(arrivedAt + pacing.firstByteMs - performance.now());
      if (response.destroyed) return;
      sendHead();
      const steps = Math.max(1, chunks.length - 1);
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0) await wait(arrivedAt + pacing.firstByteMs + (pacing.streamMs * index) / steps - performance.now());
        if (response.destroyed) return;
        response.write(chunk);
      }
      await wait(endAt - performance.now());
      if (ended && !response.destroyed) response.end();
    },
  };
}
