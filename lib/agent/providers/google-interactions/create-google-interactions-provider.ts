// The ModelProvider for Google's Interactions API (steps schema): one stateless, streaming `interactions.create`
// per model request, with the SDK's retries bounded to PROVIDER_MAX_RETRIES and no retry layer on top.
import { GoogleGenAI, type Interactions, type RetryConfig } from "@google/genai";
import { PROVIDER_MAX_RETRIES, PROVIDER_TIMEOUT_MS, type ModelProvider } from "../types";
import { rethrowGoogleFailure } from "./classify-google-error";
import { convertToInteractionSteps, convertToInteractionTools } from "./convert-to-interaction-steps";
import { readInteractionStream } from "./read-interaction-stream";

/**
 * Interactions calls retry up to 4 times by default and ignore `httpOptions.retryOptions` (that option reaches only
 * the generateContent client), so the bound is set per request. The backoff is the SDK's own default for this call.
 */
const retries: RetryConfig = {
  strategy: "attempt-count-backoff",
  maxRetries: PROVIDER_MAX_RETRIES,
  retryConnectionErrors: true,
  backoff: { initialInterval: 500, maxInterval: 8_000, exponent: 2, maxElapsedTime: 30_000 },
};

export function createGoogleInteractionsProvider(options: { apiKey: string; baseUrl?: string; model: string }): ModelProvider {
  // vertexai: false so a GOOGLE_GENAI_USE_VERTEXAI in the environment cannot send the key to another service.
  const ai = new GoogleGenAI({ apiKey: options.apiKey, vertexai: false, ...(options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {}) });
  return {
    name: "google",
    model: options.model,
    async generate(request, generateOptions = {}) {
      const { signal, onTextDelta } = generateOptions;
      // The SDK drops its timeout when a signal is passed, so the timeout rides on the signal: it bounds the whole
      // call, retries and streaming included.
      const timeoutSignal = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
      const requestSignal = signal ? AbortSignal.any([signal, timeoutSignal]) : timeoutSignal;
      const tools = convertToInteractionTools(request.tools);
      let events: AsyncIterable<Interactions.InteractionSSEEvent>;
      try {
        events = await ai.interactions.create(
          {
            model: options.model,
            input: convertToInteractionSteps(request.history),
            ...(request.system ? { system_instruction: request.system } : {}),
            ...(tools.length > 0 ? { tools } : {}),
            store: false,
            stream: true,
            // Continuation hops and their reconnects would be model requests beyond the bounded retries.
            automatic_continuation: false,
          },
          { signal: requestSignal, retries },
        );
      } catch (error) {
        rethrowGoogleFailure({ error, phase: "request", signal, timeoutSignal });
      }
      return readInteractionStream({ events, signal, timeoutSignal, onTextDelta });
    },
  };
}
