// One chat turn for both of the chat's surfaces: POST /api/v1/chat (its JSON, or its events as SSE) and the chat
// page's server action (the same events as objects). A request that cannot run a turn at all gets its problem.
import "server-only";
import { ConversationNotFoundError } from "@/lib/agent/run-turn";
import type { ChatEvent } from "@/lib/chat/chat-event";
import { toChatResponse, type ChatResponse } from "@/lib/chat/chat-response";
import { runChatTurn } from "@/lib/chat/run-chat-turn";
import { logEvent } from "@/lib/observability/logger";
import { newTraceId } from "@/lib/observability/trace-id";
import { problemBody, type ProblemOptions } from "./problem";

export type ChatTurnOptions = Omit<Parameters<typeof runChatTurn>[0], "onEvent">;

/** Why no turn ran: a problem, with the headers its response carries (Retry-After). */
export type ChatTurnRefusal = ProblemOptions & { headers?: Record<string, string> };

type FinishedChatTurn = { ok: true; body: ChatResponse } | { ok: false; problem: ChatTurnRefusal };

/**
 * Deliberately given no AbortSignal: a client that goes away mid-turn must not stop it half-way. The turn finishes
 * and is stored, and the client reads it later from GET /api/v1/conversations/:id.
 */
export async function runApiChatTurn(options: Parameters<typeof runChatTurn>[0]): Promise<FinishedChatTurn> {
  try {
    const turn = await runChatTurn(options);
    if (turn.ok) return { ok: true, body: toChatResponse(turn.result) };
    return {
      ok: false,
      problem: {
        slug: "rate_limited",
        detail: `Too many chat turns; try again in ${turn.retryAfterSeconds} s.`,
        extensions: { retryAfterSeconds: turn.retryAfterSeconds },
        headers: { "retry-after": String(turn.retryAfterSeconds) },
      },
    };
  } catch (error) {
    if (!(error instanceof ConversationNotFoundError)) throw error;
    return { ok: false, problem: { slug: "not_found", detail: "There is no conversation with this id." } };
  }
}

/** Where a started turn's events go, in order: the API's SSE body, or the page's stream of objects. */
export type ChatEventSink = { send: (event: ChatEvent) => void; close: () => void };

/** The page's sink: a stream of objects its producer writes to without caring whether the reader is still there. */
export function openChatEventStream(): ChatEventSink & { events: ReadableStream<ChatEvent> } {
  let open = true;
  let controller: ReadableStreamDefaultController<ChatEvent> | undefined;
  const events = new ReadableStream<ChatEvent>({
    start: (streamController) => {
      controller = streamController;
    },
    cancel: () => {
      open = false;
    },
  });
  const send = (event: ChatEvent) => {
    if (open) controller?.enqueue(event);
  };
  const close = () => {
    if (open) controller?.close();
    open = false;
  };
  return { events, send, close };
}

export type StartedChatTurn = { ok: true } | { ok: false; problem: ChatTurnRefusal };

/**
 * Waits for the turn to start before answering, so a request that cannot run a turn (rate limit, unknown
 * conversation) gets its problem instead of a stream. runTurn's own turn-end is held back: ours is sent once the turn
 * is stored and carries exactly the JSON the non-streaming reply would; a turn that fails after it began ends with an
 * error event instead. The events go straight to `sink`, which receives none when the turn is refused: a stream of
 * objects between the turn and the API's SSE body cost a web stream's promises for every event of every turn.
 */
export async function startChatTurn(options: ChatTurnOptions, sink: ChatEventSink): Promise<StartedChatTurn> {
  let markStarted: () => void = () => {};
  const started = new Promise<"started">((resolve) => {
    markStarted = () => resolve("started");
  });
  const turn = runApiChatTurn({
    ...options,
    onEvent: (event) => {
      if (event.type === "turn-end") return;
      // The event is its own data: { type, ...fields } under its name.
      sink.send({ event: event.type, data: event } as ChatEvent);
      markStarted();
    },
  });
  const first = await Promise.race([started, turn]);
  if (first !== "started" && !first.ok) return first;

  turn.then(
    (result) => {
      if (result.ok) sink.send({ event: "turn-end", data: result.body });
      sink.close();
    },
    (error: unknown) => {
      const traceId = newTraceId();
      logEvent("error", "chat-stream-failed", { trace_id: traceId, error });
      const detail = "The turn failed unexpectedly. It was logged under this trace id.";
      sink.send({ event: "error", data: problemBody({ slug: "internal", detail, extensions: { trace_id: traceId } }) });
      sink.close();
    },
  );
  return { ok: true };
}
