// POST /v1/responses: answers like the OpenAI Responses API, as one JSON response or as its SSE event sequence.
import type { ServerResponse } from "node:http";
import type { ModelResponse } from "../../../lib/agent/providers/types";
import { estimateTokens, splitIntoDeltas } from "../split-into-deltas";
import { sendJson, startEventStream, writeEvent } from "../sse";
import type { FakeRouteContext, FakeRouteHandler } from "../types";
import { convertResponsesRequest, responsesRequestSchema, type ResponsesRequest } from "./convert-responses-request";
import { InvalidRequestError, parseRequestPart, sendInvalidRequest } from "./invalid-request-error";

type OutputItem = Record<string, unknown> & { id: string; type: "message" | "function_call" };

function buildOutput(decision: ModelResponse, context: FakeRouteContext): OutputItem[] {
  const output: OutputItem[] = [];
  if (decision.text !== "") {
    const content = [{ type: "output_text", text: decision.text, annotations: [], logprobs: [] }];
    output.push({ id: context.nextId("msg_"), type: "message", status: "completed", role: "assistant", content });
  }
  for (const call of decision.toolCalls) {
    const callId = call.callId || context.nextId("call_");
    output.push({ id: context.nextId("fc_"), type: "function_call", status: "completed", call_id: callId, name: call.name, arguments: call.arguments });
  }
  return output;
}

function buildResponse(options: { id: string; request: ResponsesRequest; status: string; output: OutputItem[]; usage: unknown }) {
  return {
    id: options.id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: options.status,
    error: null,
    incomplete_details: null,
    instructions: options.request.instructions ?? null,
    max_output_tokens: null,
    metadata: {},
    model: options.request.model,
    output: options.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    store: options.request.store ?? true,
    temperature: 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: options.request.tools ?? [],
    top_p: 1,
    truncation: "disabled",
    usage: options.usage,
  };
}

function buildUsage(decision: ModelResponse, request: ResponsesRequest) {
  const inputTokens = decision.usage?.inputTokens ?? estimateTokens(JSON.stringify(request.input) + (request.instructions ?? ""));
  const outputTokens = decision.usage?.outputTokens ?? estimateTokens(decision.text + decision.toolCalls.map((call) => call.arguments).join(""));
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
}

/** The event sequence of the real API: created, in_progress, per item added / deltas / done, completed. */
function streamResponse(response: ServerResponse, completed: ReturnType<typeof buildResponse>): void {
  let sequence = 0;
  const send = (type: string, fields: Record<string, unknown>) => writeEvent(response, { event: type, data: { type, sequence_number: sequence++, ...fields } });
  startEventStream(response);
  const pending = { ...completed, status: "in_progress", output: [], usage: null };
  send("response.created", { response: pending });
  send("response.in_progress", { response: pending });
  completed.output.forEach((item, outputIndex) => {
    const place = { item_id: item.id, output_index: outputIndex };
    if (item.type === "message") {
      const part = (item.content as Array<{ text: string }>)[0] ?? { text: "" };
      send("response.output_item.added", { output_index: outputIndex, item: { ...item, status: "in_progress", content: [] } });
      send("response.content_part.added", { ...place, content_index: 0, part: { ...part, text: "" } });
      for (const delta of splitIntoDeltas(part.text)) send("response.output_text.delta", { ...place, content_index: 0, delta, logprobs: [] });
      send("response.output_text.done", { ...place, content_index: 0, text: part.text, logprobs: [] });
      send("response.content_part.done", { ...place, content_index: 0, part });
    } else {
      const argumentsText = item.arguments as string;
      send("response.output_item.added", { output_index: outputIndex, item: { ...item, status: "in_progress", arguments: "" } });
      for (const delta of splitIntoDeltas(argumentsText, { size: 8 })) send("response.function_call_arguments.delta", { ...place, delta });
      send("response.function_call_arguments.done", { ...place, name: item.name, arguments: argumentsText });
    }
    send("response.output_item.done", { output_index: outputIndex, item });
  });
  send("response.completed", { response: completed });
  response.end();
}

export const openAIResponsesRoute: FakeRouteHandler = ({ body, response, context }) => {
  try {
    const request = parseRequestPart({ schema: responsesRequestSchema, value: body, param: "" });
    const decision = context.decide(convertResponsesRequest(request));
    const output = buildOutput(decision, context);
    const completed = buildResponse({ id: context.nextId("resp_"), request, status: "completed", output, usage: buildUsage(decision, request) });
    if (request.stream) streamResponse(response, completed);
    else sendJson(response, 200, completed);
  } catch (error) {
    if (error instanceof InvalidRequestError) return sendInvalidRequest(response, error);
    throw error;
  }
};
