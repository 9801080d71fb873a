// The embedded default provider: runs the rule-based brain in-process, with no network and no key.
import type { ModelProvider } from "../types";
import { decideNextStep } from "./decide-next-step";

export const OFFLINE_DEFAULT_MODEL = "palestra-rules-1";

/** Lets a timer (an abort) run between streamed pieces, as a network stream would. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
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
      // No `usage`: a rule engine reads no tokens, and an estimate would be shown, charted and summed as if it did.
      const quickReplies = decision.quickReplies ? { quickReplies: decision.quickReplies } : {};
      return { text: decision.text, toolCalls: decision.toolCalls, ...quickReplies };
    },
  };
}
