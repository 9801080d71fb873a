// A server-sent events body that its producer can write to without caring whether the client is still there.

export type EventStream = {
  body: ReadableStream<Uint8Array>;
  /** Queues one event; a no-op once the client disconnected or the stream was closed. */
  send: (event: string, data: unknown) => void;
  close: () => void;
};

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform keeps gzip (Next's, a proxy's) off the stream; under `next start` next.config.ts's rule for the chat
  // route is what says it, as Next keeps its configured Cache-Control over this one. nginx needs to be told not to buffer.
  "cache-control": "no-store, no-transform",
  "x-accel-buffering": "no",
} as const;

/**
 * The events sent in one turn of the event loop go out as one chunk: a turn emits several at once (a model request's
 * end, a tool call's start and end, the next request's start), and each chunk costs a pass through the web stream,
 * Next's piping and a socket write, which with hundreds of turns open was a large part of the server's work.
 */
export function createEventStream(): EventStream {
  const encoder = new TextEncoder();
  let open = true;
  let pending = "";
  let flushScheduled = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
    },
    cancel: () => {
      open = false;
    },
  });
  const flush = () => {
    flushScheduled = false;
    if (!open || !controller || pending === "") return;
    const text = pending;
    pending = "";
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      open = false;
    }
  };
  const send = (event: string, data: unknown) => {
    if (!open || !controller) return;
    // JSON.stringify escapes line breaks, so the payload is always one `data:` line.
    pending += `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  };
  const close = () => {
    if (!open) return;
    flush();
    open = false;
    try {
      controller?.close();
    } catch {
      // Already closed or errored by the client going away.
    }
  };
  return { body, send, close };
}
