// Look-ups of recorded idempotent outcomes: a row means the operation completed (replay it), none means it did not.
import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { preparedPerConnection } from "@/db/prepared-per-connection";
import { idempotencyRecord } from "@/db/schema";

export type IdempotencyRecord = typeof idempotencyRecord.$inferSelect;

/** Keys must live at least 24 hours (reliability.md); we keep them 30 days. */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export { MAX_IDEMPOTENCY_KEY_LENGTH } from "./fields";

// Fixed-shape statements, built and compiled once per connection (every save runs the look-up twice).
const idempotencyStatementsOf = preparedPerConnection((db: AppDatabase) => ({
  find: db
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.userId, sql.placeholder("userId")), eq(idempotencyRecord.key, sql.placeholder("key"))))
    .prepare(),
  insert: db
    .insert(idempotencyRecord)
    .values({
      userId: sql.placeholder("userId"),
      key: sql.placeholder("key"),
      operation: sql.placeholder("operation"),
      fingerprint: sql.placeholder("fingerprint"),
      isError: sql.placeholder("isError"),
      outcome: sql.placeholder("outcome"),
    })
    .prepare(),
}));

export function findIdempotencyRecord(options: { db: AppDatabase; userId: string; key: string }): IdempotencyRecord | undefined {
  return idempotencyStatementsOf(options.db).find.get({ userId: options.userId, key: options.key });
}

/** Records a completed operation's outcome under its key (inside the operation's own transaction). */
export function insertIdempotencyRecord(options: {
  db: AppDatabase;
  record: { userId: string; key: string; operation: string; fingerprint: string; isError: boolean; outcome: string };
}): void {
  idempotencyStatementsOf(options.db).insert.run(options.record);
}

export function purgeExpiredIdempotencyRecords(options: { db: AppDatabase; now?: number }): number {
  const cutoff = new Date((options.now ?? Date.now()) - IDEMPOTENCY_RETENTION_MS);
  return options.db.delete(idempotencyRecord).where(lt(idempotencyRecord.createdAt, cutoff)).run().changes;
}
