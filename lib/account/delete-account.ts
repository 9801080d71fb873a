// Deletes a user and every row that belongs to them, their chat quota and password-attempt count included.
import "server-only";
import { CHAT_QUOTA_KEY_PREFIX } from "@/lib/rate-limit/consume-quota";
import { passwordAccountQuotaKey } from "@/lib/rate-limit/password-attempts";
import type { Store } from "@/lib/store/store";

export function deleteAccount(options: { store: Store; userId: string }): Promise<{ deleted: boolean }> {
  const { store, userId } = options;
  // The quota rows are keyed by user id, not linked to the user: they are removed with the account.
  return store.accounts.deleteUser({ userId, quotaKeys: [`${CHAT_QUOTA_KEY_PREFIX}${userId}`, passwordAccountQuotaKey(userId)] });
}
