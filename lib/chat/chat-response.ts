// The JSON of a finished chat turn: POST /api/v1/chat's JSON reply, and the turn-end event both of the chat's streams
// send (the API's SSE and the page's server action). lib/http/response-schemas.ts puts the schema in the OpenAPI document.
import { z } from "zod";
import type { TurnResult } from "@/lib/agent/run-turn";
import { recoveryValues, toolErrorCodes } from "@/lib/outcome/tool-outcome";
import { turnOutcomes } from "@/lib/store/records";

export const chatToolCallSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  arguments: z.string().describe("The arguments exactly as the model sent them (JSON text, possibly malformed)."),
  status: z.enum(["ok", "error", "skipped"]).describe("skipped: not run, because the turn stopped first."),
  isError: z.boolean(),
  error: z.enum(toolErrorCodes).optional(),
  recovery: z.enum(recoveryValues).optional(),
  idempotencyKey: z.string().optional().describe("Write calls: the key the save ran with; a PUT with it resolves an unknown outcome."),
});

export const chatResponseSchema = z.strictObject({
  conversationId: z.string(),
  turnId: z.string(),
  outcome: z.enum(turnOutcomes),
  reply: z.string(),
  toolCalls: z.array(chatToolCallSchema),
  modelRequests: z.number().int(),
  quickReplies: z
    .array(z.string())
    .optional()
    .describe("Answers the reply offers to its question, shown as buttons; each is a message the person could type and send as is."),
  untraceableNumbers: z
    .array(z.string())
    .optional()
    .describe("Numbers of the final answer, as written, that came from neither the message nor the turn's tool results; absent when every number is traced."),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

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
