// The JSON of a finished chat turn (ChatResponse in response-schemas.ts), shared by the JSON reply and the SSE stream's turn-end event.
import type { TurnResult } from "@/lib/agent/run-turn";
import type { ChatResponse } from "./response-schemas";

export function toChatResponse(result: TurnResult): ChatResponse {
  return {
    conversationId: result.conversationId,
    turnId: result.turnId,
    outcome: result.outcome,
    reply: result.reply,
    toolCalls: result.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.arguments,
      status: call.status,
      isError: call.isError,
      ...(call.error ? { error: call.error as ChatResponse["toolCalls"][number]["error"] } : {}),
      ...(call.recovery ? { recovery: call.recovery as ChatResponse["toolCalls"][number]["recovery"] } : {}),
      ...(call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : {}),
    })),
    modelRequests: result.modelRequests,
    ...(result.quickReplies ? { quickReplies: result.quickReplies } : {}),
    ...(result.untraceableNumbers.length > 0 ? { untraceableNumbers: result.untraceableNumbers } : {}),
  };
}
