// Deletes a user and, through ON DELETE CASCADE, every row that belongs to them.
import "server-only";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { user } from "@/db/schema";

export function deleteAccount(options: { db: AppDatabase; userId: string }): { deleted: boolean } {
  const changes = options.db.delete(user).where(eq(user.id, options.userId)).run().changes;
  return { deleted: changes > 0 };
}
