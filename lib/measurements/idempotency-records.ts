// How long idempotency keys live and how long they may be; the records themselves are the store's (lib/store/).
import "server-only";
import type { Store } from "@/lib/store/store";

/** Keys must live at least 24 hours (RELIABILITY.md); we keep them 30 days. */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export { MAX_IDEMPOTENCY_KEY_LENGTH } from "./fields";

export function purgeExpiredIdempotencyRecords(options: { store: Store; now?: number }): Promise<number> {
  return options.store.idempotency.purgeCreatedBefore(new Date((options.now ?? Date.now()) - IDEMPOTENCY_RETENTION_MS));
}
