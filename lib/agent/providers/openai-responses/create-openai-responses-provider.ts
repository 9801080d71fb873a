// The OpenAI Responses API adapter: stateless requests (store: false) carrying the whole history, streamed.
import OpenAI from "openai";
import type { FunctionTool } from "openai/resources/responses/responses";
import { guardTextDelta, rethrowOpenAIFailure } from "../classify-openai-error";
import { nodeHttpFetch } from "../node-http-fetch";
import { PROVIDER_MAX_RETRIES, PROVIDER_TIMEOUT_MS, type ModelProvider, type ToolDeclaration } from "../types";
import { convertToResponsesInput } from "./convert-to-responses-input";
import { readResponsesStream } from "./read-responses-stream";

/** strict: false, because strict mode would make every property required and our tools have optional fields. */
export function convertToResponsesTools(tools: ToolDeclaration[]): FunctionTool[] {
  return tools.map((tool) => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, strict: false }));
}

export function createOpenAIResponsesProvider(options: { apiKey: string; baseURL?: string; model: string }): ModelProvider {
  // The SDK's bounded retries are the only retry layer for model requests.
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: PROVIDER_MAX_RETRIES,
    timeout: PROVIDER_TIMEOUT_MS,
    fetch: nodeHttpFetch,
  });
  return {
    name: "openai",
    model: options.model,
    async generate(request, generateOptions) {
      const signal = generateOptions?.signal;
      try {
        const response = await client.responses
          .create(
            {
              model: options.model,
              instructions: request.system,
              input: convertToResponsesInput(request.history),
              ...(request.tools.length > 0 ? { tools: convertToResponsesTools(request.tools) } : {}),
              store: false,
              stream: true,
            },
            { signal },
          )
          .asResponse();
        return await readResponsesStream({ response, onTextDelta: guardTextDelta(generateOptions?.onTextDelta), signal });
      } catch (error) {
        return rethrowOpenAIFailure(error, signal);
      }
    },
  };
}
