// The adapter for OpenAI-compatible Chat Completions servers (Ollama, vLLM, llama.cpp): the whole history, streamed.
import OpenAI from "openai";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import { guardTextDelta, rethrowOpenAIFailure } from "../classify-openai-error";
import { nodeHttpFetch } from "../node-http-fetch";
import { PROVIDER_MAX_RETRIES, PROVIDER_TIMEOUT_MS, type ModelProvider, type ToolDeclaration } from "../types";
import { convertToChatMessages } from "./convert-to-chat-messages";
import { readChatStream } from "./read-chat-stream";

/** Local servers ignore the key, but the SDK refuses to start without one. */
export const LOCAL_SERVER_API_KEY = "palestra-local";

export function convertToChatTools(tools: ToolDeclaration[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}

export function createOpenAIChatProvider(options: { apiKey?: string; baseURL: string; model: string }): ModelProvider {
  // The SDK's bounded retries are the only retry layer for model requests.
  const client = new OpenAI({
    apiKey: options.apiKey || LOCAL_SERVER_API_KEY,
    baseURL: options.baseURL,
    maxRetries: PROVIDER_MAX_RETRIES,
    timeout: PROVIDER_TIMEOUT_MS,
    fetch: nodeHttpFetch,
  });
  return {
    name: "openai-chat",
    model: options.model,
    async generate(request, generateOptions) {
      const signal = generateOptions?.signal;
      try {
        const response = await client.chat.completions
          .create(
            {
              model: options.model,
              messages: convertToChatMessages({ system: request.system, history: request.history }),
              ...(request.tools.length > 0 ? { tools: convertToChatTools(request.tools) } : {}),
              stream: true,
              stream_options: { include_usage: true },
            },
            { signal },
          )
          .asResponse();
        return await readChatStream({ response, onTextDelta: guardTextDelta(generateOptions?.onTextDelta), signal });
      } catch (error) {
        return rethrowOpenAIFailure(error, signal);
      }
    },
  };
}
