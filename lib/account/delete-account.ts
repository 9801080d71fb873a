// Deletes a user and, through ON DELETE CASCADE, every row that belongs to them.
import "server-only";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { usageWindow, user } from "@/db/schema";
import { CHAT_QUOTA_KEY_PREFIX } from "@/lib/rate-limit/consume-quota";

export function deleteAccount(options: { db: AppDatabase; userId: string }): { deleted: boolean } {
  const { db, userId } = options;
  return db.transaction(
    (tx) => {
      // The chat quota row is keyed by user id, not linked by a foreign key: remove it with the account.
      tx.delete(usageWindow).where(eq(usageWindow.key, `${CHAT_QUOTA_KEY_PREFIX}${userId}`)).run();
      const changes = tx.delete(user).where(eq(user.id, userId)).run().changes;
      return { deleted: changes > 0 };
    },
    { behavior: "immediate" },
  );
}
