// Maps what the `openai` SDK throws to a ProviderError, by error class and HTTP status only (never by message text).
// Shared by the Responses and the Chat Completions adapters.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { providerFailureKindForStatus } from "./provider-failure-kind-for-status";
import { ProviderError } from "./types";

/** The ProviderError for a failure of an OpenAI-SDK call; errors thrown mid-stream without a status are "stream". */
export function classifyOpenAIError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // Timeout is a subclass of connection error: test it first.
  if (error instanceof APIConnectionTimeoutError) return new ProviderError({ kind: "timeout", message, cause: error });
  if (error instanceof APIConnectionError) return new ProviderError({ kind: "unavailable", message, cause: error });
  if (error instanceof APIError && typeof error.status === "number") {
    return new ProviderError({ kind: providerFailureKindForStatus(error.status), status: error.status, message, cause: error });
  }
  // An APIError without a status is an `error` payload inside the event stream; anything else thrown while reading
  // the stream (a cut connection, unparsable data) is also a broken stream.
  return new ProviderError({ kind: "stream", message, cause: error });
}

/** Our own onTextDelta's exception on its way out of a stream reader: handed back as it was, never a provider failure. */
class TextDeltaCallbackError extends Error {
  constructor(readonly local: unknown) {
    super("onTextDelta threw");
  }
}

/** Marks what our own onTextDelta throws, so the stream reader's caller does not take it for a broken stream. */
export function guardTextDelta(onTextDelta: ((delta: string) => void) | undefined): ((delta: string) => void) | undefined {
  if (!onTextDelta) return undefined;
  return (delta) => {
    try {
      onTextDelta(delta);
    } catch (error) {
      throw new TextDeltaCallbackError(error);
    }
  };
}

/**
 * Rethrows a failure of a model request as a ProviderError, except our own cancellation and our own callback's
 * exception, which are not provider failures: then the caller gets back that exception, or its signal's reason (an
 * AbortError unless it aborted with another), whatever the SDK made of it (APIUserAbortError before the response, a
 * quietly ended stream after).
 */
export function rethrowOpenAIFailure(error: unknown, signal: AbortSignal | undefined): never {
  if (error instanceof TextDeltaCallbackError) throw error.local;
  if (signal?.aborted) throw signal.reason ?? error;
  throw classifyOpenAIError(error);
}
