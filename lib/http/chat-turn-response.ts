// POST /api/v1/chat's answer: the turn as JSON, or with `Accept: text/event-stream` its events as SSE, the last one
// `turn-end` with the same JSON. A request that cannot run a turn at all gets its problem either way.
import "server-only";
import { ConversationNotFoundError } from "@/lib/agent/run-turn";
import { runChatTurn } from "@/lib/chat/run-chat-turn";
import { logEvent } from "@/lib/observability/logger";
import { newTraceId } from "@/lib/observability/trace-id";
import { toChatResponse } from "./chat-response";
import { createEventStream, EVENT_STREAM_HEADERS } from "./event-stream";
import { jsonResponse } from "./json-response";
import { problemBody, problemResponse } from "./problem";
import type { ChatResponse } from "./response-schemas";

export type ChatTurnOptions = Omit<Parameters<typeof runChatTurn>[0], "onEvent">;

type ApiChatTurn = { ok: true; body: ChatResponse } | { ok: false; response: Response };

/**
 * Deliberately given no AbortSignal: a client that goes away mid-turn must not stop it half-way. The turn finishes
 * and is stored, and the client reads it later from GET /api/v1/conversations/:id.
 */
async function runApiChatTurn(options: Parameters<typeof runChatTurn>[0]): Promise<ApiChatTurn> {
  try {
    const turn = await runChatTurn(options);
    if (turn.ok) return { ok: true, body: toChatResponse(turn.result) };
    return {
      ok: false,
      response: problemResponse({
        slug: "rate_limited",
        detail: `Too many chat turns; try again in ${turn.retryAfterSeconds} s.`,
        extensions: { retryAfterSeconds: turn.retryAfterSeconds },
        headers: { "retry-after": String(turn.retryAfterSeconds) },
      }),
    };
  } catch (error) {
    if (!(error instanceof ConversationNotFoundError)) throw error;
    return { ok: false, response: problemResponse({ slug: "not_found", detail: "There is no conversation with this id." }) };
  }
}

/**
 * The streamed form waits for the turn to start before answering, so a request that cannot run a turn (rate limit,
 * unknown conversation) still gets its HTTP status and problem instead of a 200 stream. runTurn's own turn-end is
 * held back: ours is sent once the turn is stored and carries exactly the JSON the non-streaming reply would.
 */
export async function chatTurnResponse(options: ChatTurnOptions & { stream: boolean }): Promise<Response> {
  const { stream: streamed, ...turnOptions } = options;
  if (!streamed) {
    const turn = await runApiChatTurn(turnOptions);
    return turn.ok ? jsonResponse(turn.body) : turn.response;
  }
  const stream = createEventStream();
  let markStarted: () => void = () => {};
  const started = new Promise<"started">((resolve) => {
    markStarted = () => resolve("started");
  });
  const turn = runApiChatTurn({
    ...turnOptions,
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
      const traceId = newTraceId();
      logEvent("error", "chat-stream-failed", { trace_id: traceId, error });
      stream.send(
        "error",
        problemBody({ slug: "internal", detail: "The turn failed unexpectedly. It was logged under this trace id.", extensions: { trace_id: traceId } }),
      );
      stream.close();
    },
  );
  return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
}
