// The events of a chat turn, one format for both of the chat's streams: POST /api/v1/chat sends each as SSE (`event:`
// its name, `data:` its JSON) and the chat page's server action hands them to the browser as they are.
// lib/http/chat-event-schemas.ts describes them for the OpenAPI document and checks that the two agree.
import type { TurnEvent } from "@/lib/agent/turn-events";
import type { ChatResponse } from "./chat-response";

/** runTurn's own turn-end is held back: the stream's turn-end is sent once the turn is stored, with its ChatResponse. */
type StreamedTurnEvent = Exclude<TurnEvent, { type: "turn-end" }>;

/** The problem document of a turn that failed unexpectedly after its stream began (type internal, with trace_id). */
export type ChatTurnProblem = { type: string; title: string; status: number; detail: string; [member: string]: unknown };

export type ChatEvent =
  | { [Name in StreamedTurnEvent["type"]]: { event: Name; data: Extract<StreamedTurnEvent, { type: Name }> } }[StreamedTurnEvent["type"]]
  | { event: "turn-end"; data: ChatResponse }
  | { event: "error"; data: ChatTurnProblem };

/** The turn did not run, or its stream broke before turn-end; `reason` picks the localized message. */
export type TurnFailureReason = "rate_limited" | "conversation_not_found" | "message_too_long" | "unexpected" | "connection_lost" | "stopped_waiting";

/**
 * What the server action streams: the same events, or instead of them the one event saying why no turn could run,
 * where the API answers with a problem and its HTTP status.
 */
export type ChatActionEvent = ChatEvent | { event: "turn-refused"; data: { reason: TurnFailureReason; retryAfterSeconds?: number } };

/** The longest message the chat accepts (a turn's message is also its conversation's title source). */
export const MAX_CHAT_MESSAGE_LENGTH = 4_000;
