// Maps what the Anthropic SDK throws to a ProviderError, by error class and HTTP status only, never by message text.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "@anthropic-ai/sdk";
import { providerFailureKindForStatus } from "../provider-failure-kind-for-status";
import { ProviderError } from "../types";

/** Where the error came from: sending the request (until the response headers) or reading the event stream. */
export type AnthropicCallPhase = "request" | "stream";

/**
 * The ProviderError for a failed model call, or the error itself when it is not the provider's: a non-SDK error
 * while sending is a local fault, while reading the stream it means the stream broke (cut connection, bad data).
 */
export function classifyAnthropicError(error: unknown, phase: AnthropicCallPhase): unknown {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // The timeout class extends the connection class: test it first.
  if (error instanceof APIConnectionTimeoutError) return new ProviderError({ kind: "timeout", message, cause: error });
  if (error instanceof APIConnectionError) return new ProviderError({ kind: "unavailable", message, cause: error });
  if (error instanceof APIError) {
    if (typeof error.status === "number")
      return new ProviderError({ kind: providerFailureKindForStatus(error.status), status: error.status, message, cause: error });
    // No status: an `event: error` inside the stream (e.g. overloaded_error after the 200).
    return new ProviderError({ kind: "stream", message, cause: error });
  }
  return phase === "stream" ? new ProviderError({ kind: "stream", message, cause: error }) : error;
}

/**
 * Throws the failure of a model call. Our own cancellation is not a provider failure: the caller gets its signal's
 * reason back, whatever the SDK made of it (APIUserAbortError before the response, a quietly ended stream after).
 */
export function rethrowAnthropicFailure(options: { error: unknown; signal?: AbortSignal; phase: AnthropicCallPhase }): never {
  if (options.signal?.aborted) throw options.signal.reason ?? options.error;
  throw classifyAnthropicError(options.error, options.phase);
}
