// POST /v1/messages as Anthropic answers it: a Message JSON, or the SSE sequence message_start, content_block_*,
// message_delta (stop_reason, usage), message_stop that the official SDK parses.
import type { ServerResponse } from "node:http";
import type { ModelResponse } from "../../../lib/agent/providers/types";
import { sendJson, startEventStream, writeEvent } from "../sse";
import type { FakeRouteHandler } from "../types";
import { anthropicMessagesRequestSchema, anthropicRequestToHistory, findUnansweredToolUse } from "./anthropic-messages-request";

type ToolUse = { id: string; name: string; argumentsText: string };

function sendInvalidRequest(response: ServerResponse, message: string): void {
  sendJson(response, 400, { type: "error", error: { type: "invalid_request_error", message } });
}

/** Tool input is an object on the wire; arguments the fake model wrote as non-object JSON become {}. */
function parseInput(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Words with their trailing spaces, so the streamed deltas concatenate back to the exact text. */
function splitIntoDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function streamMessage(options: {
  response: ServerResponse;
  id: string;
  model: string;
  decision: ModelResponse;
  toolUses: ToolUse[];
  usage: { input: number; output: number };
}): void {
  const { response, id, model, decision, toolUses, usage } = options;
  startEventStream(response);
  const send = (type: string, data: Record<string, unknown>) => writeEvent(response, { event: type, data: { type, ...data } });
  send("message_start", {
    message: {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: 1 },
    },
  });
  send("ping", {});
  let index = 0;
  if (decision.text) {
    send("content_block_start", { index, content_block: { type: "text", text: "" } });
    for (const text of splitIntoDeltas(decision.text)) send("content_block_delta", { index, delta: { type: "text_delta", text } });
    send("content_block_stop", { index });
    index += 1;
  }
  for (const toolUse of toolUses) {
    send("content_block_start", { index, content_block: { type: "tool_use", id: toolUse.id, name: toolUse.name, input: {} } });
    // The arguments text goes out verbatim in two pieces, as the API streams partial JSON.
    const middle = Math.ceil(toolUse.argumentsText.length / 2);
    for (const partial of [toolUse.argumentsText.slice(0, middle), toolUse.argumentsText.slice(middle)]) {
      if (partial) send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: partial } });
    }
    send("content_block_stop", { index });
    index += 1;
  }
  send("message_delta", { delta: { stop_reason: toolUses.length > 0 ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: usage.output } });
  send("message_stop", {});
  response.end();
}

export const anthropicMessagesRoute: FakeRouteHandler = ({ body, response, context }) => {
  const parsed = anthropicMessagesRequestSchema.safeParse(body);
  if (!parsed.success) return sendInvalidRequest(response, parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  const unanswered = findUnansweredToolUse(parsed.data.messages);
  if (unanswered) return sendInvalidRequest(response, unanswered);

  const decision = context.decide(anthropicRequestToHistory(parsed.data));
  const toolUses = decision.toolCalls.map((call) => ({ id: call.callId || context.nextId("toolu_"), name: call.name, argumentsText: call.arguments }));
  const usage = {
    input: decision.usage?.inputTokens ?? estimateTokens(JSON.stringify(parsed.data.messages)),
    output: decision.usage?.outputTokens ?? estimateTokens(decision.text + toolUses.map((toolUse) => toolUse.argumentsText).join("")),
  };
  const id = context.nextId("msg_");
  const model = parsed.data.model;
  if (parsed.data.stream) return streamMessage({ response, id, model, decision, toolUses, usage });

  const content = [
    ...(decision.text ? [{ type: "text", text: decision.text }] : []),
    ...toolUses.map((toolUse) => ({ type: "tool_use", id: toolUse.id, name: toolUse.name, input: parseInput(toolUse.argumentsText) })),
  ];
  sendJson(response, 200, {
    id,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: toolUses.length > 0 ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  });
};
