// Folds a Chat Completions chunk stream into one ModelResponse: text deltas, tool calls assembled by index, usage.
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { ToolCallRequest } from "../../history";
import { readOpenAIEventStream } from "../read-openai-event-stream";
import { ProviderError, type ModelResponse, type ModelUsage } from "../types";

type PartialCall = { callId: string; name: string; arguments: string };

/**
 * A tool call arrives in pieces that share an `index`: the first carries id and name, the rest append argument text.
 * Some local servers repeat index 0 for every call; a new id at a known index therefore starts a new call.
 * A stream that ends without a finish_reason is a broken stream. The caller's abort is checked first, so an aborted
 * read is never a short answer.
 */
export async function readChatStream(options: {
  /** The SDK's raw response to a `stream: true` request (`.asResponse()`): its status is already checked. */
  response: Response;
  onTextDelta?: (delta: string) => void;
  signal?: AbortSignal;
}): Promise<ModelResponse> {
  let text = "";
  const calls: PartialCall[] = [];
  const callsByIndex = new Map<number, PartialCall>();
  let usage: ModelUsage | undefined;
  let finished = false;
  await readOpenAIEventStream(options.response, (data) => {
    const chunk = data as ChatCompletionChunk;
    if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    const choice = chunk.choices[0];
    if (!choice) return;
    if (choice.delta.content) {
      text += choice.delta.content;
      options.onTextDelta?.(choice.delta.content);
    }
    for (const piece of choice.delta.tool_calls ?? []) {
      let call = callsByIndex.get(piece.index);
      if (!call || (piece.id && call.callId && piece.id !== call.callId)) {
        call = { callId: piece.id ?? "", name: piece.function?.name ?? "", arguments: "" };
        calls.push(call);
        callsByIndex.set(piece.index, call);
      }
      call.callId ||= piece.id ?? "";
      call.name ||= piece.function?.name ?? "";
      call.arguments += piece.function?.arguments ?? "";
    }
    if (choice.finish_reason) finished = true;
  });
  options.signal?.throwIfAborted();
  if (!finished) throw new ProviderError({ kind: "stream", message: "The completion stream ended without a finish_reason." });
  // A server that sends no call id still needs one: our stored result must name the call it answers.
  const toolCalls: ToolCallRequest[] = calls.map((call) => ({ ...call, callId: call.callId || `call_${crypto.randomUUID()}` }));
  return usage ? { text, toolCalls, usage } : { text, toolCalls };
}
