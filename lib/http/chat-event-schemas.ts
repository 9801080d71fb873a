// zod schemas of the server-sent events of POST /api/v1/chat (Accept: text/event-stream), for the OpenAPI document. The
// turn's own events are lib/agent/turn-events.ts's TurnEvent, the stream's lib/chat/chat-event.ts's ChatEvent (which
// the chat page's server action sends too); the type checks below keep them from drifting apart.
import { z } from "zod";
import type { TurnEvent } from "@/lib/agent/turn-events";
import type { ChatEvent } from "@/lib/chat/chat-event";
import { turnOutcomes } from "@/lib/store/records";
import { chatResponseSchema, problemSchema } from "./response-schemas";

const turnStart = z.strictObject({
  type: z.literal("turn-start"),
  turnId: z.string(),
  conversationId: z.string(),
  traceId: z.string(),
  provider: z.string(),
  model: z.string(),
});
const modelRequestStart = z.strictObject({ type: z.literal("model-request-start"), round: z.number().int(), provider: z.string(), model: z.string() });
const modelRequestEnd = z.strictObject({
  type: z.literal("model-request-end"),
  round: z.number().int(),
  provider: z.string(),
  model: z.string(),
  status: z.string(),
  latencyMs: z.number(),
  usage: z.strictObject({ inputTokens: z.number().int(), outputTokens: z.number().int() }).optional(),
  toolCalls: z.number().int(),
});
const textDelta = z.strictObject({ type: z.literal("text-delta"), delta: z.string() });
const toolCallStart = z.strictObject({
  type: z.literal("tool-call-start"),
  toolCallId: z.string(),
  callId: z.string(),
  name: z.string(),
  arguments: z.string(),
  idempotencyKey: z.string().optional(),
});
const toolCallEnd = z.strictObject({
  type: z.literal("tool-call-end"),
  toolCallId: z.string(),
  callId: z.string(),
  name: z.string(),
  status: z.enum(["ok", "error"]),
  isError: z.boolean(),
  error: z.string().optional(),
  recovery: z.string().optional(),
  attempts: z.number().int(),
  latencyMs: z.number(),
  idempotencyKey: z.string().optional(),
  outcome: z.string().describe("The stored result content (JSON text) as the model received it."),
});
const toolCallSkipped = z.strictObject({
  type: z.literal("tool-call-skipped"),
  toolCallId: z.string(),
  callId: z.string(),
  name: z.string(),
  arguments: z.string(),
  reason: z.enum(["turn_stopped", "round_limit"]),
  idempotencyKey: z.string().optional(),
});
/** Never sent as such: the stream's turn-end carries the ChatResponse instead (chat-turn-events.ts). */
const turnEnd = z.strictObject({
  type: z.literal("turn-end"),
  outcome: z.enum(turnOutcomes),
  reply: z.string(),
  modelRequests: z.number().int(),
  quickReplies: z.array(z.string()).optional(),
  untraceableNumbers: z.array(z.string()).optional(),
});

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Only its type is used, by the check below. */
const _turnEventSchemas = z.discriminatedUnion("type", [
  turnStart,
  modelRequestStart,
  modelRequestEnd,
  textDelta,
  toolCallStart,
  toolCallEnd,
  toolCallSkipped,
  turnEnd,
]);
// A compile error here means TurnEvent changed: change the schemas above with it.
const sameAsTurnEvent: Equal<z.infer<typeof _turnEventSchemas>, TurnEvent> = true;
void sameAsTurnEvent;

/** One SSE event: its `event:` name and its `data:` JSON. */
const sseEvent = <Name extends string, Data extends z.ZodType>(name: Name, data: Data, description: string) =>
  z.strictObject({ event: z.literal(name), data }).describe(description);

export const chatStreamEventSchema = z
  .discriminatedUnion("event", [
    sseEvent("turn-start", turnStart, "The turn began; the first event of every stream."),
    sseEvent("model-request-start", modelRequestStart, "A request to the model began (round counts from 1)."),
    sseEvent("model-request-end", modelRequestEnd, "That request ended, with its status and the tool calls it asked for."),
    sseEvent("text-delta", textDelta, "The next piece of the reply's text."),
    sseEvent("tool-call-start", toolCallStart, "A tool call began."),
    sseEvent("tool-call-end", toolCallEnd, "A tool call ended, with its stored outcome."),
    sseEvent("tool-call-skipped", toolCallSkipped, "A call the model asked for was stored as skipped without running (it has no tool-call-start)."),
    sseEvent("turn-end", chatResponseSchema, "The last event: the stored turn, exactly the JSON the non-streaming reply would be."),
    sseEvent("error", problemSchema, "The last event when the turn failed unexpectedly after the stream began (type internal, with trace_id)."),
  ])
  .describe("One server-sent event of a chat turn: `event:` names it, `data:` is one line of JSON.");

// A compile error here means ChatEvent and the documented stream differ: the page's events are the API's.
const sameAsChatEvent: Equal<z.infer<typeof chatStreamEventSchema>, ChatEvent> = true;
void sameAsChatEvent;
