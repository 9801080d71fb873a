// Look-ups of recorded idempotent outcomes: a row means the operation completed (replay it), none means it did not.
import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { idempotencyRecord } from "@/db/schema";

export type IdempotencyRecord = typeof idempotencyRecord.$inferSelect;

/** Keys must live at least 24 hours (reliability.md); we keep them 30 days. */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export function findIdempotencyRecord(options: { db: AppDatabase; userId: string; key: string }): IdempotencyRecord | undefined {
  return options.db
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.userId, options.userId), eq(idempotencyRecord.key, options.key)))
    .get();
}

export function purgeExpiredIdempotencyRecords(options: { db: AppDatabase; now?: number }): number {
  const cutoff = new Date((options.now ?? Date.now()) - IDEMPOTENCY_RETENTION_MS);
  return options.db.delete(idempotencyRecord).where(lt(idempotencyRecord.createdAt, cutoff)).run().changes;
}
