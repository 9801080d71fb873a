// Failed API keys and bearer tokens: at most 30 per client address per minute, counted in the database (every process
// shares the count); past that the address is refused before any credential it sends is checked, so guessing stops.
// Each failure is one log line (better-auth's own multi-line block for a failed key is silenced in lib/account/get-auth.ts).
import "server-only";
import { logEvent } from "@/lib/observability/logger";
import type { Store } from "@/lib/store/store";
import { clientAddressOf } from "./client-address";

export const FAILED_CREDENTIALS_PER_ADDRESS = 30;
export const FAILED_CREDENTIALS_WINDOW_SECONDS = 60;

const keyOf = (address: string) => `credential-failures:${address}`;
const counter = (address: string) => ({ key: keyOf(address), limit: FAILED_CREDENTIALS_PER_ADDRESS, windowMs: FAILED_CREDENTIALS_WINDOW_SECONDS * 1000 });

export type CredentialKind = "api_key" | "session_token";

/** The seconds to wait when the request's address has used up its failures; null while it may still try. */
export async function refusedForFailedCredentials(options: { store: Store; headers: Headers; now?: number }): Promise<number | null> {
  const decision = await options.store.quotas.peek({ ...counter(clientAddressOf(options.headers)), now: options.now ?? Date.now() });
  return decision.allowed ? null : decision.retryAfterSeconds;
}

/** Counts one failed credential against the request's address and logs it as one line (never the credential). */
export async function countFailedCredential(options: { store: Store; headers: Headers; kind: CredentialKind; path: string; now?: number }): Promise<void> {
  const address = clientAddressOf(options.headers);
  logEvent("warn", "credential-refused", { kind: options.kind, path: options.path, client_address: address });
  await options.store.quotas.consume({ ...counter(address), now: options.now ?? Date.now() });
}
