// POST /api/v1/chat's answer: the turn as JSON, or with `Accept: text/event-stream` its events (chat-turn-events.ts)
// as SSE, the last one `turn-end` with the same JSON. A request that cannot run a turn at all gets its problem either way.
import "server-only";
import type { ChatEvent } from "@/lib/chat/chat-event";
import { runApiChatTurn, startChatTurn, type ChatEventSink, type ChatTurnOptions } from "./chat-turn-events";
import { createEventStream, EVENT_STREAM_HEADERS, type EventStream } from "./event-stream";
import { jsonResponse } from "./json-response";
import { problemResponse } from "./problem";

/**
 * The events as SSE: each one's name as `event:`, its data as the `data:` JSON, unchanged. After the client went away
 * sending is a no-op, and the turn itself runs to its end.
 */
export function sseSinkOf(stream: EventStream): ChatEventSink {
  return { send: (event: ChatEvent) => stream.send(event.event, event.data), close: stream.close };
}

export async function chatTurnResponse(options: ChatTurnOptions & { stream: boolean }): Promise<Response> {
  const { stream: streamed, ...turnOptions } = options;
  if (!streamed) {
    const turn = await runApiChatTurn(turnOptions);
    return turn.ok ? jsonResponse(turn.body) : problemResponse(turn.problem);
  }
  const stream = createEventStream();
  const turn = await startChatTurn(turnOptions, sseSinkOf(stream));
  if (turn.ok) return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
  stream.close();
  return problemResponse(turn.problem);
}
