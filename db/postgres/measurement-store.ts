// Measurements on PostgreSQL, and the idempotent save: the key's record and the change commit together or not at all,
// in one READ COMMITTED transaction; saves of one (user, date) are serialized by a transaction-scoped advisory lock.
import "server-only";
import type pg from "pg";
import { and, asc, between, eq, sql } from "drizzle-orm";
import type {
  IdempotentSaveRequest,
  IdempotentSaveResult,
  IdempotencyRecord,
  MeasurementChange,
  MeasurementRow,
  MeasurementStore,
} from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { completedRecordOf } from "./idempotency-store";
import { transactionDatabase } from "./run-in-transaction";
import { runPostgresTransaction } from "./run-postgres-transaction";
import { idempotencyRecord, measurement } from "./schema";
import { writeTurnRows } from "./turn-rows";

/** Thrown inside the transaction when another request completed the key first: rolls the change back. */
class KeyCompletedMeanwhile extends Error {}

async function applyChange(options: { db: PostgresDatabase; userId: string; date: string; change: MeasurementChange }): Promise<void> {
  const { db, userId, date, change } = options;
  if (change.kind === "insert") {
    await db.insert(measurement).values({ userId, date, note: change.note, ...change.values, createdAt: change.at, updatedAt: change.at });
  } else if (change.kind === "update") {
    const note = change.note !== undefined ? { note: change.note } : {};
    await db
      .update(measurement)
      .set({ ...change.values, ...note, updatedAt: change.at })
      .where(eq(measurement.id, change.id));
  }
}

export function createPostgresMeasurementStore(options: { db: PostgresDatabase; pool: pg.Pool; commitTimeoutMs: number }): MeasurementStore {
  const { db, pool, commitTimeoutMs } = options;
  const byDate = (userId: string, date: string) => and(eq(measurement.userId, userId), eq(measurement.date, date));

  async function saveIdempotent<Value>(request: IdempotentSaveRequest<Value>): Promise<IdempotentSaveResult<Value>> {
    const { userId, key, date } = request;
    let completed: IdempotencyRecord | undefined;
    const result = await runPostgresTransaction({
      pool,
      commitTimeoutMs,
      inPlaceOfCommit: request.hooks?.inPlaceOfCommit,
      afterCommit: () => {
        request.hooks?.afterCommit?.();
        request.afterCommit?.();
      },
      body: async (client) => {
        const tx = transactionDatabase(client);
        request.hooks?.beforeBody?.();
        // Two keys for one date must not both see "no row" and both insert: the second waits for the first's commit.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${JSON.stringify([userId, date])}, 0))`);
        // Locks the key's row (a claim, or a completed record): a concurrent save of the same key waits here.
        const [keyRow] = await tx
          .select()
          .from(idempotencyRecord)
          .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, key)))
          .for("update");
        completed = completedRecordOf(keyRow);
        if (completed) return { commit: false, value: undefined };
        const [stored] = await tx.select().from(measurement).where(byDate(userId, date));
        const decision = request.decide(stored);
        await applyChange({ db: tx, userId, date, change: decision.change });
        const recorded = {
          operation: request.operation,
          fingerprint: request.fingerprint,
          isError: decision.outcome.isError,
          outcome: decision.outcome.content,
        };
        const written = await tx
          .insert(idempotencyRecord)
          .values({ userId, key, ...recorded })
          .onConflictDoUpdate({
            target: [idempotencyRecord.userId, idempotencyRecord.key],
            set: { ...recorded, claimToken: null, claimedUntil: null },
            // Completes a claim; never overwrites an outcome another request committed after our look-up.
            setWhere: sql`${idempotencyRecord.outcome} IS NULL`,
          })
          .returning({ id: idempotencyRecord.id });
        if (written.length === 0) throw new KeyCompletedMeanwhile();
        if (request.alsoWrite) await writeTurnRows(tx, request.alsoWrite(decision.outcome));
        request.insideTransaction?.();
        return { commit: true, value: decision.value };
      },
    });
    if (result.status === "done") {
      if (result.committed) return { status: "committed", value: result.value as Value };
      return { status: "raced", record: completed as IdempotencyRecord };
    }
    if (result.status === "failed" && result.error instanceof KeyCompletedMeanwhile) {
      const [row] = await db
        .select()
        .from(idempotencyRecord)
        .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, key)));
      const record = completedRecordOf(row);
      if (record) return { status: "raced", record };
    }
    return result;
  }

  return {
    findByDate: async ({ userId, date }): Promise<MeasurementRow | undefined> => {
      const [row] = await db.select().from(measurement).where(byDate(userId, date));
      return row;
    },
    listRange: async ({ userId, from, to }) =>
      await db
        .select()
        .from(measurement)
        .where(and(eq(measurement.userId, userId), between(measurement.date, from, to)))
        .orderBy(asc(measurement.date)),
    listAll: async ({ userId }) => await db.select().from(measurement).where(eq(measurement.userId, userId)).orderBy(asc(measurement.date)),
    deleteByDate: async ({ userId, date }) => {
      const deleted = await db.delete(measurement).where(byDate(userId, date)).returning({ id: measurement.id });
      return { deleted: deleted.length > 0 };
    },
    saveIdempotent,
  };
}
