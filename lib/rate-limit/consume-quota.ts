// Fixed-window limits stored in the database, so every server process counts against the same window.
import "server-only";
import type { QuotaAdmission, QuotaDecision } from "@/lib/store/account-store";
import type { Store } from "@/lib/store/store";

export type { QuotaAdmission, QuotaDecision, QuotaUse } from "@/lib/store/account-store";

/** Chat turns are counted under this prefix and the user's id. */
export const CHAT_QUOTA_KEY_PREFIX = "chat:";

/** Counts one use of `key` in the current window; refuses past `limit`. Atomic, so concurrent callers cannot both pass the last slot. */
export function consumeQuota(options: { store: Store; key: string; limit: number; windowMs: number; now?: number }): Promise<QuotaDecision> {
  const { store, key, limit, windowMs } = options;
  return store.quotas.consume({ key, limit, windowMs, now: options.now ?? Date.now() });
}

/**
 * Admits one use of `key` without a commit of its own: the caller hands `use` to the turn, whose first commit counts it
 * (one fsync fewer per chat turn), and releases it when the turn is over. Refuses past `limit` like consumeQuota.
 */
export function admitQuota(options: { store: Store; key: string; limit: number; windowMs: number; now?: number }): Promise<QuotaAdmission> {
  const { store, key, limit, windowMs } = options;
  return store.quotas.admit({ key, limit, windowMs, now: options.now ?? Date.now() });
}
