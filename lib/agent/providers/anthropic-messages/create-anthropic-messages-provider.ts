// The ModelProvider for Anthropic's Messages API: one streaming `messages.create` per model request, with the
// SDK's own bounded retries and timeout and no retry layer on top.
import Anthropic from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { PROVIDER_MAX_RETRIES, PROVIDER_TIMEOUT_MS, type ModelProvider } from "../types";
import { rethrowAnthropicFailure } from "./classify-anthropic-error";
import { convertToAnthropicMessages, convertToAnthropicTools } from "./convert-to-anthropic-messages";
import { readAnthropicStream } from "./read-anthropic-stream";

/** Room for a coach answer or a round of tool calls; the API requires an explicit ceiling. */
export const ANTHROPIC_MAX_TOKENS = 4096;

export function createAnthropicMessagesProvider(options: { apiKey: string; baseURL?: string; model: string }): ModelProvider {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: PROVIDER_MAX_RETRIES,
    timeout: PROVIDER_TIMEOUT_MS,
  });
  return {
    name: "anthropic",
    model: options.model,
    async generate(request, generateOptions = {}) {
      const { signal, onTextDelta } = generateOptions;
      const tools = convertToAnthropicTools(request.tools);
      let events: AsyncIterable<RawMessageStreamEvent>;
      try {
        events = await client.messages.create(
          {
            model: options.model,
            max_tokens: ANTHROPIC_MAX_TOKENS,
            ...(request.system ? { system: request.system } : {}),
            messages: convertToAnthropicMessages(request.history),
            ...(tools.length > 0 ? { tools } : {}),
            stream: true,
          },
          { signal },
        );
      } catch (error) {
        rethrowAnthropicFailure({ error, signal, phase: "request" });
      }
      return readAnthropicStream({ events, signal, onTextDelta });
    },
  };
}
