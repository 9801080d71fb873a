// POST /api/v1/chat with `Accept: text/event-stream`: the turn's events as SSE, the last one `turn-end` with the JSON reply.
import "server-only";
import crypto from "node:crypto";
import { logEvent } from "@/lib/observability/logger";
import { createEventStream, EVENT_STREAM_HEADERS } from "./event-stream";
import { problemBody } from "./problem";
import { runApiChatTurn, type ApiChatTurnOptions } from "./run-api-chat-turn";

/**
 * Waits for the turn to start before answering, so a request that cannot run a turn (rate limit, unknown
 * conversation) still gets its HTTP status and problem instead of a 200 stream. runTurn's own turn-end is held
 * back: ours is sent once the turn is stored and carries exactly the JSON the non-streaming reply would.
 */
export async function streamChatTurn(options: Omit<ApiChatTurnOptions, "onEvent">): Promise<Response> {
  const stream = createEventStream();
  let markStarted: () => void = () => {};
  const started = new Promise<"started">((resolve) => {
    markStarted = () => resolve("started");
  });
  const turn = runApiChatTurn({
    ...options,
    onEvent: (event) => {
      if (event.type === "turn-end") return;
      stream.send(event.type, event);
      markStarted();
    },
  });
  const first = await Promise.race([started, turn]);
  if (first !== "started" && !first.ok) return first.response;

  turn.then(
    (result) => {
      if (result.ok) stream.send("turn-end", result.body);
      stream.close();
    },
    (error: unknown) => {
      const traceId = `trc_${crypto.randomBytes(10).toString("hex")}`;
      logEvent("error", "chat-stream-failed", { trace_id: traceId, error });
      stream.send("error", problemBody({ slug: "internal", detail: "The turn failed unexpectedly. It was logged under this trace id.", extensions: { trace_id: traceId } }));
      stream.close();
    },
  );
  return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
}
