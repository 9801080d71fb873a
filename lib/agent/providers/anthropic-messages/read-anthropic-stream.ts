// Folds an Anthropic Messages event stream into one ModelResponse, passing text deltas on as they arrive.
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { ToolCallRequest } from "../../history";
import { ProviderError, type ModelResponse, type ModelUsage } from "../types";
import { rethrowAnthropicFailure } from "./classify-anthropic-error";

type PendingToolUse = { callId: string; name: string; startInput: unknown; partialJson: string };

/** The arguments as canonical JSON text; text that does not parse stays verbatim so the dispatcher can report it. */
function argumentsText(toolUse: PendingToolUse): string {
  if (!toolUse.partialJson) return JSON.stringify(toolUse.startInput ?? {});
  try {
    return JSON.stringify(JSON.parse(toolUse.partialJson));
  } catch {
    return toolUse.partialJson;
  }
}

export async function readAnthropicStream(options: {
  events: AsyncIterable<RawMessageStreamEvent>;
  signal?: AbortSignal;
  onTextDelta?: (delta: string) => void;
}): Promise<ModelResponse> {
  const { signal, onTextDelta } = options;
  const iterator = options.events[Symbol.asyncIterator]();
  const toolUses = new Map<number, PendingToolUse>();
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  let text = "";
  let stopped = false;
  let drained = false;
  const appendText = (delta: string) => {
    text += delta;
    onTextDelta?.(delta);
  };
  try {
    while (!drained) {
      let result: IteratorResult<RawMessageStreamEvent>;
      try {
        result = await iterator.next();
      } catch (error) {
        drained = true;
        rethrowAnthropicFailure({ error, signal, phase: "stream" });
      }
      if (result.done) {
        drained = true;
        break;
      }
      const event = result.value;
      if (event.type === "message_start") {
        usage.inputTokens = event.message.usage.input_tokens;
        usage.outputTokens = event.message.usage.output_tokens;
      } else if (event.type === "content_block_start") {
        const block = event.content_block;
        if (block.type === "text" && block.text) appendText(block.text);
        if (block.type === "tool_use") toolUses.set(event.index, { callId: block.id, name: block.name, startInput: block.input, partialJson: "" });
      } else if (event.type === "content_block_delta") {
        if (event.delta.type === "text_delta") appendText(event.delta.text);
        const toolUse = toolUses.get(event.index);
        if (event.delta.type === "input_json_delta" && toolUse) toolUse.partialJson += event.delta.partial_json;
      } else if (event.type === "message_delta") {
        usage.outputTokens = event.usage.output_tokens;
        if (typeof event.usage.input_tokens === "number") usage.inputTokens = event.usage.input_tokens;
      } else if (event.type === "message_stop") {
        stopped = true;
      }
    }
  } finally {
    // Leaving early (onTextDelta threw) must still close the HTTP response.
    if (!drained) await iterator.return?.();
  }
  // The SDK ends a stream quietly when it is aborted.
  if (signal?.aborted) throw signal.reason;
  if (!stopped) throw new ProviderError({ kind: "stream", message: "The Anthropic event stream ended before message_stop." });
  const toolCalls: ToolCallRequest[] = [...toolUses.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, toolUse]) => ({ callId: toolUse.callId, name: toolUse.name, arguments: argumentsText(toolUse) }));
  return { text, toolCalls, usage };
}
