// Current-password checks (changing the email or the password, deleting the account): limited per account and per
// client address, counted in the database so every server process shares the count. An attempt is counted before the
// password is checked (so concurrent guesses cannot all slip past the last slot) and given back when it was right.
import "server-only";
import type { QuotaDecision } from "@/lib/store/account-store";
import type { Store } from "@/lib/store/store";

/** Wrong current passwords allowed per account per window. */
export const PASSWORD_ATTEMPTS_PER_ACCOUNT = 5;
export const PASSWORD_ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** Wrong current passwords allowed per client address per window. */
export const PASSWORD_ATTEMPTS_PER_ADDRESS = 10;
export const PASSWORD_ADDRESS_WINDOW_SECONDS = 60;

/** The quota row of an account's attempts (removed with the account). */
export const passwordAccountQuotaKey = (userId: string) => `password:account:${userId}`;
const addressKey = (address: string) => `password:address:${address}`;

type Counter = { key: string; limit: number; windowMs: number };

function countersOf(options: { userId: string; address: string }): Counter[] {
  return [
    { key: passwordAccountQuotaKey(options.userId), limit: PASSWORD_ATTEMPTS_PER_ACCOUNT, windowMs: PASSWORD_ACCOUNT_WINDOW_SECONDS * 1000 },
    { key: addressKey(options.address), limit: PASSWORD_ATTEMPTS_PER_ADDRESS, windowMs: PASSWORD_ADDRESS_WINDOW_SECONDS * 1000 },
  ];
}

/** An admitted attempt: settled once its answer is known. */
export type PasswordAttempt = { userId: string; address: string; now: number };

export type PasswordAttemptAdmission = { allowed: true; attempt: PasswordAttempt } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against the account and the address; refused when either is spent (the longer wait is the one
 * given). A refused attempt counts nothing: the slots it took are given back at once.
 */
export async function admitPasswordAttempt(options: { store: Store; userId: string; address: string; now?: number }): Promise<PasswordAttemptAdmission> {
  const { store, userId, address } = options;
  const now = options.now ?? Date.now();
  const counters = countersOf({ userId, address });
  const decisions: QuotaDecision[] = [];
  for (const counter of counters) decisions.push(await store.quotas.consume({ ...counter, now }));
  const refusals = decisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
  if (refusals.length === 0) return { allowed: true, attempt: { userId, address, now } };
  for (const counter of counters) await store.quotas.refund({ ...counter, now });
  return { allowed: false, retryAfterSeconds: Math.max(...refusals) };
}

/** A right password gives its slots back: only wrong answers count against the limits. */
export async function settlePasswordAttempt(options: { store: Store; attempt: PasswordAttempt; wrong: boolean }): Promise<void> {
  if (options.wrong) return;
  const { userId, address, now } = options.attempt;
  for (const counter of countersOf({ userId, address })) await options.store.quotas.refund({ ...counter, now });
}
