// The `fetch` the OpenAI adapters give their SDK: the same contract (a Response, an AbortSignal honoured, a TypeError
// when no answer came), over node:http(s) with kept-alive connections. Node's own fetch (undici) runs each network
// chunk of a streamed answer through its body controller, an async iterator over the socket and a byte stream: about
// a dozen promises per chunk, and under hundreds of open turns, with the promise hooks Next's AsyncLocalStorage
// installs on Node 20, that was the largest single share of the server's main thread. Here a chunk is one enqueue, or,
// for the adapters' own event-stream reader (readBodyDirectly), one call.
import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

/**
 * How long a body may send nothing before it counts as cut: undici's own default (bodyTimeout), which was the only
 * guard against a model stream that stalls forever, and stays so (the SDK's timeout covers the wait for the headers).
 */
export const BODY_IDLE_TIMEOUT_MS = 300_000;

/** Statuses whose Response may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** The answer's body as it arrived, decoded when the server compressed it anyway. */
function decodedBody(message: http.IncomingMessage): Readable {
  const encoding = String(message.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return message.pipe(zlib.createGunzip());
  if (encoding === "deflate") return message.pipe(zlib.createInflate());
  if (encoding === "br") return message.pipe(zlib.createBrotliDecompress());
  return message;
}

/** Where a body's pieces go, once one reader took it. */
type BodySink = { chunk: (chunk: Buffer) => void; end: () => void; error: (reason: unknown) => void };

/**
 * An answer's body, handed whole to one reader: the Response's web stream (what the SDK reads) or readBodyDirectly.
 * Nothing is read from the connection before a reader takes it. It ends once: at the body's end, at a failure (the
 * connection cut before the end, the idle timeout, `fail` with a reason of ours such as an abort, reported before the
 * connection is torn down so the reader sees that reason and not the cut that follows), or when cancelled.
 */
type BodySource = {
  /** False when another reader took the body first. */
  take: (sink: BodySink) => boolean;
  fail: (reason: unknown) => void;
  cancel: () => void;
  pause: () => void;
  resume: () => void;
};

function bodySourceOf(source: Readable, message: http.IncomingMessage, options: { onCancel: () => void; idleTimeoutMs: number }): BodySource {
  type Outcome = { failed: unknown } | { failed?: never };
  let sink: BodySink | undefined;
  let ended: Outcome | undefined;
  const deliver = (reader: BodySink, outcome: Outcome) => ("failed" in outcome ? reader.error(outcome.failed) : reader.end());
  const settle = (outcome: Outcome) => {
    if (ended) return;
    ended = outcome;
    if (sink) deliver(sink, outcome);
  };
  source.once("end", () => settle({}));
  source.once("error", (error) => settle({ failed: error }));
  // The connection closed before the body's end (a cut stream): an error, as undici reports it.
  const cut = () => settle({ failed: new TypeError("terminated", { cause: new Error("the connection closed before the body ended") }) });
  message.once("aborted", cut);
  source.once("close", () => {
    if (!message.complete) cut();
  });
  message.setTimeout(options.idleTimeoutMs, () => {
    settle({ failed: new TypeError("terminated", { cause: new Error(`the body sent nothing for ${options.idleTimeoutMs} ms`) }) });
    options.onCancel();
  });
  return {
    take: (reader) => {
      if (sink) return false;
      sink = reader;
      if (ended) deliver(reader, ended);
      else
        source.on("data", (chunk: Buffer) => {
          if (!ended) reader.chunk(chunk);
        });
      return true;
    },
    fail: (reason) => settle({ failed: reason }),
    cancel: () => {
      ended ??= {};
      options.onCancel();
    },
    pause: () => source.pause(),
    resume: () => {
      if (source.isPaused()) source.resume();
    },
  };
}

/** How many pieces the web stream holds for a reader that is behind before the connection stops being read. */
const QUEUED_PIECES = 16;

/** The body as the Response's web stream: one enqueue per piece, taken on the first read. */
function webStreamOf(body: BodySource): ReadableStream<Uint8Array> {
  let taken = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (taken) return body.resume();
        taken = true;
        const took = body.take({
          chunk: (chunk) => {
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= -QUEUED_PIECES) body.pause();
          },
          end: () => controller.close(),
          error: (reason) => controller.error(reason),
        });
        if (!took) controller.error(new TypeError("the body was already read"));
      },
      cancel: () => body.cancel(),
    },
    // Pulled only when read: a body nobody reads stays on the connection.
    { highWaterMark: 0 },
  );
}

/** The bodies nodeHttpFetch answered with, for readBodyDirectly. */
const bodiesOf = new WeakMap<Response, BodySource>();

/**
 * Reads a body nodeHttpFetch answered with, each piece to `onChunk` as it arrives, without the web stream and its
 * promises for every piece. Resolves at the body's end; rejects as a read of the web stream would (the signal's reason,
 * a cut, the idle timeout); when `onChunk` throws, closes the connection and rejects with that error. Undefined for any
 * other Response, or one whose body was already read: read its web stream then.
 */
export function readBodyDirectly(response: Response, onChunk: (chunk: Buffer) => void): Promise<void> | undefined {
  const body = bodiesOf.get(response);
  if (!body || response.bodyUsed || response.body?.locked) return undefined;
  let taken = false;
  const read = new Promise<void>((resolve, reject) => {
    taken = body.take({
      chunk: (chunk) => {
        try {
          onChunk(chunk);
        } catch (error) {
          body.cancel();
          reject(error);
        }
      },
      end: resolve,
      error: reject,
    });
  });
  return taken ? read : undefined;
}

export const nodeHttpFetch = createNodeHttpFetch({ bodyIdleTimeoutMs: BODY_IDLE_TIMEOUT_MS });

/** A fetch over node:http(s); `bodyIdleTimeoutMs` is shortened only by tests. */
export function createNodeHttpFetch(options: { bodyIdleTimeoutMs: number }) {
  return (input: string | URL | Request, init?: RequestInit) => fetchOverNodeHttp(input, init ?? {}, options.bodyIdleTimeoutMs);
}

async function fetchOverNodeHttp(input: string | URL | Request, init: RequestInit, bodyIdleTimeoutMs: number): Promise<Response> {
  if (input instanceof Request) throw new TypeError("nodeHttpFetch takes a URL and options, not a Request");
  const url = new URL(input);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) throw new TypeError(`fetch failed`, { cause: new Error(`unsupported protocol ${url.protocol}`) });
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortReason(signal);
  if (init.body !== undefined && init.body !== null && typeof init.body !== "string") {
    throw new TypeError("nodeHttpFetch sends string bodies only");
  }
  const headers = new Headers(init.headers);
  // Asked plainly: an event stream must not sit in a decompressor's buffer (decoded above all the same, if it comes).
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
  const body = init.body ?? undefined;
  if (body !== undefined) headers.set("content-length", String(Buffer.byteLength(body)));
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => {
    outgoing[name] = value;
  });

  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, { method: init.method ?? "GET", headers: outgoing, agent });
    let settled = false;
    let destroyBody: ((reason: unknown) => void) | undefined;
    const onAbort = () => {
      const reason = abortReason(signal as AbortSignal);
      if (!settled) {
        settled = true;
        reject(reason);
      }
      (destroyBody ?? ((error: unknown) => request.destroy(error as Error)))(reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.once("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      if (settled) return;
      settled = true;
      reject(new TypeError("fetch failed", { cause: error }));
    });
    request.once("response", (message) => {
      const source = decodedBody(message);
      const tearDown = () => {
        message.destroy();
        if (source !== message) source.destroy();
      };
      const finish = () => signal?.removeEventListener("abort", onAbort);
      message.once("close", finish);
      const responseHeaders = new Headers();
      for (let index = 0; index < message.rawHeaders.length; index += 2) {
        responseHeaders.append(message.rawHeaders[index] as string, message.rawHeaders[index + 1] as string);
      }
      const status = message.statusCode ?? 0;
      const hasBody = !NULL_BODY_STATUSES.has(status) && init.method !== "HEAD";
      if (!hasBody) message.resume();
      const responseBody = hasBody ? bodySourceOf(source, message, { onCancel: tearDown, idleTimeoutMs: bodyIdleTimeoutMs }) : undefined;
      destroyBody = (reason) => {
        responseBody?.fail(reason);
        tearDown();
      };
      settled = true;
      try {
        const response = new Response(responseBody ? webStreamOf(responseBody) : null, {
          status,
          statusText: message.statusMessage ?? "",
          headers: responseHeaders,
        });
        Object.defineProperty(response, "url", { value: url.href });
        if (responseBody) bodiesOf.set(response, responseBody);
        resolve(response);
      } catch (error) {
        // A status the Response constructor refuses (outside 200 to 599): no answer the SDK could read.
        message.destroy();
        reject(new TypeError("fetch failed", { cause: error }));
      }
    });
    request.end(body);
  });
}
