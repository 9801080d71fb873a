// Deletes a user and every row that belongs to them, their chat quota included.
import "server-only";
import { CHAT_QUOTA_KEY_PREFIX } from "@/lib/rate-limit/consume-quota";
import type { Store } from "@/lib/store/store";

export function deleteAccount(options: { store: Store; userId: string }): Promise<{ deleted: boolean }> {
  const { store, userId } = options;
  // The chat quota row is keyed by user id, not linked to the user: it is removed with the account.
  return store.accounts.deleteUser({ userId, quotaKeys: [`${CHAT_QUOTA_KEY_PREFIX}${userId}`] });
}
