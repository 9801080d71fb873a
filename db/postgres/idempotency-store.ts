// Idempotency records on PostgreSQL, where several instances share them: a completed record (outcome set) is replayed;
// a claim (no outcome, a deadline, a token) is a request still running somewhere, which a duplicate is told to wait
// for. The database's clock decides every deadline, so instances with skewed clocks agree.
import "server-only";
import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from "../../lib/store/index";
import type pg from "pg";
import type { PostgresDatabase } from "./client";
import { findKeyRow } from "./keyed-write-statements";
import { idempotencyRecord } from "./schema";

type StoredRecord = typeof idempotencyRecord.$inferSelect;

/** The port's record for a completed row; undefined for a claim still in flight. */
export function completedRecordOf(row: StoredRecord | undefined): IdempotencyRecord | undefined {
  if (!row || row.outcome === null || row.isError === null || row.operation === null || row.fingerprint === null) return undefined;
  return {
    id: row.id,
    userId: row.userId,
    key: row.key,
    operation: row.operation,
    fingerprint: row.fingerprint,
    isError: row.isError,
    outcome: row.outcome,
    createdAt: row.createdAt,
  };
}

const CLAIM_ATTEMPTS = 3;

export function createPostgresIdempotencyStore(options: { db: PostgresDatabase; pool: pg.Pool }): IdempotencyStore {
  const { db, pool } = options;
  /**
   * Claims (user, key) in one autocommitted statement: a new row, or the take-over of a claim whose deadline passed
   * with no outcome (its change never committed, since the outcome commits with the change).
   */
  async function claim(options: { userId: string; key: string; holdMs: number }): Promise<IdempotencyClaim> {
    const { userId, key } = options;
    const claimedUntil = sql`now() + ${Math.ceil(options.holdMs)} * interval '1 millisecond'`;
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      const token = crypto.randomUUID();
      const [claimed] = await db
        .insert(idempotencyRecord)
        .values({ userId, key, claimToken: token, claimedUntil })
        .onConflictDoUpdate({
          target: [idempotencyRecord.userId, idempotencyRecord.key],
          set: { claimToken: token, claimedUntil, createdAt: sql`now()` },
          setWhere: sql`${idempotencyRecord.outcome} IS NULL AND ${idempotencyRecord.claimedUntil} <= now()`,
        })
        .returning({ id: idempotencyRecord.id });
      if (claimed) return { status: "claimed", release: () => release(claimed.id, token) };
      const [existing] = await db
        .select({ outcome: idempotencyRecord.outcome, remainingMs: sql<string>`extract(epoch from (${idempotencyRecord.claimedUntil} - now())) * 1000` })
        .from(idempotencyRecord)
        .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, key)));
      // Released between the two statements (its write failed): claim again.
      if (!existing) continue;
      // Completed: the request runs and replays (or refuses) inside the save, like any later duplicate.
      if (existing.outcome !== null) return { status: "claimed", release: async () => {} };
      const remainingMs = Number(existing.remainingMs);
      // Expired between the two statements: take it over on the next attempt.
      if (!(remainingMs > 0)) continue;
      // A holder within the first half of its hold is running its save (the hold is twice the tool deadline): a
      // second is a polite first retry. Past that its instance may be gone: retry when the claim can be taken over.
      const retryAfterSeconds = remainingMs > options.holdMs / 2 ? 1 : Math.max(1, Math.ceil(remainingMs / 1000));
      return { status: "in_flight", retryAfterSeconds };
    }
    // Three races lost in a row: report the key as busy rather than loop.
    return { status: "in_flight", retryAfterSeconds: 1 };
  }

  /**
   * Frees the key once the request has settled, unless its change committed (the outcome is set): a failed write's
   * retry then runs at once. A save still committing holds the row lock, so this waits and then finds the outcome.
   */
  async function release(recordId: number, token: string): Promise<void> {
    try {
      await db
        .delete(idempotencyRecord)
        .where(and(eq(idempotencyRecord.id, recordId), eq(idempotencyRecord.claimToken, token), isNull(idempotencyRecord.outcome)));
    } catch {
      // The database is unreachable: the claim expires at its deadline and a retry takes it over then.
    }
  }

  return {
    // A named prepared statement, planned once per connection.
    find: async ({ userId, key }) => completedRecordOf(await findKeyRow(pool, { userId, key })),
    purgeCreatedBefore: async (before) => {
      const deleted = await db
        .delete(idempotencyRecord)
        .where(and(lt(idempotencyRecord.createdAt, before), or(isNotNull(idempotencyRecord.outcome), sql`${idempotencyRecord.claimedUntil} < now()`)))
        .returning({ id: idempotencyRecord.id });
      return deleted.length;
    },
    claim,
  };
}
