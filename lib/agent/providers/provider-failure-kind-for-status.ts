// The provider failure kind an HTTP status means, the same for every wire API.
import type { ProviderFailureKind } from "./types";

export function providerFailureKindForStatus(status: number): ProviderFailureKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate_limited";
  // 529 is Anthropic's overloaded_error; 503 is how the other APIs say the same.
  if (status === 503 || status === 529) return "overloaded";
  if (status === 408) return "timeout";
  if (status >= 500 || status === 409) return "unavailable";
  return "bad_request";
}
