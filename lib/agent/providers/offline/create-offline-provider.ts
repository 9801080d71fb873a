// The embedded default provider: runs the rule-based brain in-process, with no network and no key.
import type { ModelProvider, ModelRequest, ModelResponse, ModelUsage } from "../types";
import { decideNextStep } from "./decide-next-step";

export const OFFLINE_DEFAULT_MODEL = "palestra-rules-1";

/** Lets a timer (an abort) run between streamed pieces, as a network stream would. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

/**
 * An ESTIMATE, not a count: there is no tokenizer, so tokens are taken as characters / 4 (rounded up), the usual
 * rule of thumb. It keeps usage metrics comparable in shape with the real providers.
 */
function estimateUsage(request: ModelRequest, response: Omit<ModelResponse, "usage">): ModelUsage {
  const historyText = request.history
    .map((item) =>
      item.type === "assistant"
        ? item.text + item.toolCalls.map((call) => call.name + call.arguments).join("")
        : item.type === "user"
          ? item.text
          : item.content,
    )
    .join("");
  const inputCharacters = request.system.length + historyText.length + JSON.stringify(request.tools).length;
  const outputCharacters = response.text.length + response.toolCalls.reduce((total, call) => total + call.name.length + call.arguments.length, 0);
  return { inputTokens: Math.ceil(inputCharacters / 4), outputTokens: Math.ceil(outputCharacters / 4) };
}

export function createOfflineProvider(options: { model?: string } = {}): ModelProvider {
  return {
    name: "offline",
    model: options.model ?? OFFLINE_DEFAULT_MODEL,
    async generate(request, generateOptions = {}) {
      const { signal, onTextDelta } = generateOptions;
      signal?.throwIfAborted();
      const decision = decideNextStep({ system: request.system, history: request.history, locale: request.locale });
      // Word-sized pieces (each word with the spaces after it), so the pieces concatenate to the exact text.
      for (const piece of decision.text.match(/\S+\s*|\s+/g) ?? []) {
        await yieldToEventLoop();
        signal?.throwIfAborted();
        onTextDelta?.(piece);
      }
      signal?.throwIfAborted();
      return { text: decision.text, toolCalls: decision.toolCalls, usage: estimateUsage(request, decision) };
    },
  };
}
