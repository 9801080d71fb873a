// Folds the Responses API event stream into one ModelResponse, passing answer text on as it arrives.
import type { ResponseFunctionToolCall, ResponseStreamEvent, ResponseUsage } from "openai/resources/responses/responses";
import type { ToolCallRequest } from "../../history";
import { readOpenAIEventStream } from "../read-openai-event-stream";
import { ProviderError, type ModelResponse, type ModelUsage } from "../types";

function convertToolCall(item: ResponseFunctionToolCall): ToolCallRequest {
  // `arguments` stays the JSON text the model sent; the dispatcher parses and validates it.
  const call: ToolCallRequest = { callId: item.call_id, name: item.name, arguments: item.arguments };
  if (item.id) call.providerMetadata = { itemId: item.id };
  return call;
}

function convertUsage(usage: ResponseUsage | undefined): ModelUsage | undefined {
  return usage ? { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens } : undefined;
}

/** The event types the fold below reads; the stream's other events are passed over unparsed. */
const foldedEvents: ReadonlySet<ResponseStreamEvent["type"]> = new Set([
  "response.output_text.delta",
  "response.output_item.done",
  "response.completed",
  "response.incomplete",
  "response.failed",
  "error",
]);

/**
 * Reads events until `response.completed`. Tool calls are taken whole from `response.output_item.done`, whose
 * `arguments` is final. A `response.failed` or `error` event is a provider failure of kind "stream", and so is a
 * stream that stops before completing. The caller's abort is checked first, so an aborted read is never a short answer.
 */
export async function readResponsesStream(options: {
  /** The SDK's raw response to a `stream: true` request (`.asResponse()`): its status is already checked. */
  response: Response;
  onTextDelta?: (delta: string) => void;
  signal?: AbortSignal;
}): Promise<ModelResponse> {
  let text = "";
  const toolCalls: ToolCallRequest[] = [];
  let usage: ModelUsage | undefined;
  let finished = false;
  await readOpenAIEventStream(
    options.response,
    (data) => {
      const event = data as ResponseStreamEvent;
      if (event.type === "response.output_text.delta") {
        text += event.delta;
        options.onTextDelta?.(event.delta);
      } else if (event.type === "response.output_item.done" && event.item.type === "function_call") {
        toolCalls.push(convertToolCall(event.item));
      } else if (event.type === "response.completed" || event.type === "response.incomplete") {
        usage = convertUsage(event.response.usage);
        finished = true;
      } else if (event.type === "response.failed") {
        throw new ProviderError({ kind: "stream", message: event.response.error?.message ?? "The model response failed." });
      } else if (event.type === "error") {
        throw new ProviderError({ kind: "stream", message: event.message });
      }
    },
    { namedEvents: foldedEvents },
  );
  options.signal?.throwIfAborted();
  if (!finished) throw new ProviderError({ kind: "stream", message: "The response stream ended before response.completed." });
  return usage ? { text, toolCalls, usage } : { text, toolCalls };
}
