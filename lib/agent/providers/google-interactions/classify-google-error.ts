// Maps what the Google Gen AI SDK throws from `interactions.create` to a ProviderError, by HTTP status, by which of
// our signals fired and by the SDK error's shape, never by message text.
import { providerFailureKindForStatus } from "../provider-failure-kind-for-status";
import { ProviderError } from "../types";

/** Where the error came from: sending the request (until the response headers) or reading the event stream. */
export type GoogleCallPhase = "request" | "stream";

/**
 * @google/genai 2.x does not export its interactions error classes (APIError and its subclasses), and bundlers may
 * rename classes, so they are recognised by the fields every one of them carries.
 */
function isSdkApiError(error: Error): error is Error & { status?: number } {
  return "statusCode" in error && "body" in error && "contentType" in error;
}

/**
 * The ProviderError for a failed model call, or the error itself when it is not the provider's. Timeouts are ours
 * (the SDK drops its own per-request timeout once a signal is passed), so the timeout signal tells them apart.
 */
export function classifyGoogleError(options: { error: unknown; phase: GoogleCallPhase; timeoutSignal: AbortSignal }): unknown {
  const { error, phase } = options;
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (options.timeoutSignal.aborted) return new ProviderError({ kind: "timeout", message, cause: error });
  if (error instanceof Error && isSdkApiError(error)) {
    if (typeof error.status === "number")
      return new ProviderError({ kind: providerFailureKindForStatus(error.status), status: error.status, message, cause: error });
    // No status: the SDK's connection error (refused, reset, DNS) after its bounded retries.
    return new ProviderError({ kind: "unavailable", message, cause: error });
  }
  // Anything else while reading the stream (a cut connection, unparsable data) is a broken stream; while sending,
  // a non-SDK error is a local fault and stays what it is.
  return phase === "stream" ? new ProviderError({ kind: "stream", message, cause: error }) : error;
}

/** Throws the failure of a model call; our own cancellation is not a provider failure and gets its reason back. */
export function rethrowGoogleFailure(options: { error: unknown; phase: GoogleCallPhase; signal?: AbortSignal; timeoutSignal: AbortSignal }): never {
  if (options.signal?.aborted) throw options.signal.reason ?? options.error;
  throw classifyGoogleError(options);
}
