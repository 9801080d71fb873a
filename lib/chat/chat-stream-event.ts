// What the chat's server action streams to the browser: the turn's own events, or why no turn could run.
import type { TurnEvent } from "@/lib/agent/turn-events";

/** The turn did not run, or its stream broke before turn-end; `reason` picks the localized message. */
export type TurnFailureReason = "rate_limited" | "conversation_not_found" | "message_too_long" | "unexpected" | "connection_lost" | "stopped_waiting";

export type ChatStreamEvent = TurnEvent | { type: "turn-refused"; reason: TurnFailureReason; retryAfterSeconds?: number };

/** The longest message the chat accepts (a turn's message is also its conversation's title source). */
export const MAX_CHAT_MESSAGE_LENGTH = 4_000;
