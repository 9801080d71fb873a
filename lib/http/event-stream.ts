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

export function createEventStream(): EventStream {
  const encoder = new TextEncoder();
  let open = true;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
    },
    cancel: () => {
      open = false;
    },
  });
  const send = (event: string, data: unknown) => {
    if (!open || !controller) return;
    try {
      // JSON.stringify escapes line breaks, so the payload is always one `data:` line.
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    } catch {
      open = false;
    }
  };
  const close = () => {
    if (!open) return;
    open = false;
    try {
      controller?.close();
    } catch {
      // Already closed or errored by the client going away.
    }
  };
  return { body, send, close };
}
