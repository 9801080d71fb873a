// POST /v1/chat/completions: answers like an OpenAI-compatible Chat Completions server, as JSON or as SSE chunks.
import type { ServerResponse } from "node:http";
import type { ModelResponse } from "../../../lib/agent/providers/types";
import { estimateTokens, splitIntoDeltas } from "../split-into-deltas";
import { sendJson, startEventStream, writeEvent } from "../sse";
import type { FakeRouteHandler } from "../types";
import { chatRequestSchema, convertChatRequest, type ChatRequest } from "./convert-chat-request";
import { InvalidRequestError, parseRequestPart, sendInvalidRequest } from "./invalid-request-error";

type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
type Completion = { id: string; created: number; model: string; text: string; toolCalls: ToolCall[]; finishReason: "stop" | "tool_calls" };

function buildUsage(decision: ModelResponse, request: ChatRequest) {
  const promptTokens = decision.usage?.inputTokens ?? estimateTokens(JSON.stringify(request.messages));
  const completionTokens = decision.usage?.outputTokens ?? estimateTokens(decision.text + decision.toolCalls.map((call) => call.arguments).join(""));
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
}

function sendCompletion(response: ServerResponse, completion: Completion, usage: ReturnType<typeof buildUsage>): void {
  const message = {
    role: "assistant",
    content: completion.text === "" && completion.toolCalls.length > 0 ? null : completion.text,
    refusal: null,
    ...(completion.toolCalls.length > 0 ? { tool_calls: completion.toolCalls } : {}),
  };
  sendJson(response, 200, {
    id: completion.id,
    object: "chat.completion",
    created: completion.created,
    model: completion.model,
    system_fingerprint: "fp_fake",
    choices: [{ index: 0, message, logprobs: null, finish_reason: completion.finishReason }],
    usage,
  });
}

/** Role chunk, content chunks, per call a head chunk (id, name) then argument chunks, the finish chunk, usage, [DONE]. */
function streamCompletion(response: ServerResponse, options: { completion: Completion; usage: ReturnType<typeof buildUsage>; includeUsage: boolean }): void {
  const { completion, includeUsage } = options;
  const base = { id: completion.id, object: "chat.completion.chunk", created: completion.created, model: completion.model, system_fingerprint: "fp_fake" };
  const send = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    writeEvent(response, {
      data: { ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...(includeUsage ? { usage: null } : {}) },
    });
  startEventStream(response);
  send({ role: "assistant", content: "", refusal: null });
  for (const piece of splitIntoDeltas(completion.text)) send({ content: piece });
  completion.toolCalls.forEach((call, index) => {
    send({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] });
    for (const piece of splitIntoDeltas(call.function.arguments, { size: 8 })) send({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  send({}, completion.finishReason);
  if (includeUsage) writeEvent(response, { data: { ...base, choices: [], usage: options.usage } });
  writeEvent(response, { data: "[DONE]" });
  response.end();
}

export const openAIChatRoute: FakeRouteHandler = ({ body, response, context }) => {
  try {
    const request = parseRequestPart({ schema: chatRequestSchema, value: body, param: "" });
    const decision = context.decide(convertChatRequest(request));
    const toolCalls: ToolCall[] = decision.toolCalls.map((call) => ({
      id: call.callId || context.nextId("call_"),
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
    const completion: Completion = {
      id: context.nextId("chatcmpl-"),
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      text: decision.text,
      toolCalls,
      finishReason: toolCalls.length > 0 ? "tool_calls" : "stop",
    };
    const usage = buildUsage(decision, request);
    if (request.stream) streamCompletion(response, { completion, usage, includeUsage: request.stream_options?.include_usage === true });
    else sendCompletion(response, completion, usage);
  } catch (error) {
    if (error instanceof InvalidRequestError) return sendInvalidRequest(response, error);
    throw error;
  }
};
