// POST /api/v1/chat's answer: the turn as JSON, or with `Accept: text/event-stream` its events (chat-turn-events.ts)
// as SSE, the last one `turn-end` with the same JSON. A request that cannot run a turn at all gets its problem either way.
import "server-only";
import type { ChatEvent } from "@/lib/chat/chat-event";
import { runApiChatTurn, startChatTurn, type ChatTurnOptions } from "./chat-turn-events";
import { createEventStream, EVENT_STREAM_HEADERS } from "./event-stream";
import { jsonResponse } from "./json-response";
import { problemResponse } from "./problem";

/** The events as SSE: each one's name as `event:`, its data as the `data:` JSON, unchanged. */
export function chatEventStreamResponse(events: ReadableStream<ChatEvent>): Response {
  const stream = createEventStream();
  // Read to the end even after the client went away (sending is then a no-op): the turn itself runs to its end.
  events.pipeTo(new WritableStream<ChatEvent>({ write: (event) => stream.send(event.event, event.data), close: stream.close })).catch(stream.close);
  return new Response(stream.body, { status: 200, headers: EVENT_STREAM_HEADERS });
}

export async function chatTurnResponse(options: ChatTurnOptions & { stream: boolean }): Promise<Response> {
  const { stream: streamed, ...turnOptions } = options;
  if (!streamed) {
    const turn = await runApiChatTurn(turnOptions);
    return turn.ok ? jsonResponse(turn.body) : problemResponse(turn.problem);
  }
  const turn = await startChatTurn(turnOptions);
  return turn.ok ? chatEventStreamResponse(turn.events) : problemResponse(turn.problem);
}
