// Measurements on PostgreSQL, and the idempotent save: the key's record and the change commit together or not at all,
// in one READ COMMITTED transaction; saves of one (user, date) are serialized by a transaction-scoped advisory lock.
import "server-only";
import pg from "pg";
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import type {
  IdempotentImportRequest,
  IdempotentSaveRequest,
  IdempotentSaveResult,
  IdempotencyRecord,
  MeasurementChange,
  MeasurementRow,
  MeasurementStore,
  RecordedOutcome,
} from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { completedRecordOf } from "./idempotency-store";
import { transactionDatabase } from "./run-in-transaction";
import { runPostgresTransaction } from "./run-postgres-transaction";
import { idempotencyRecord, measurement } from "./schema";
import { writeTurnRows } from "./turn-rows";

/** Thrown inside the transaction when another request completed the key first: rolls the change back. */
class KeyCompletedMeanwhile extends Error {}

/** The key's row as the simple query answers it (snake_case, int8 as text): the port's record when it is completed. */
function completedKeyOf(row: Record<string, unknown> | undefined): IdempotencyRecord | undefined {
  if (!row) return undefined;
  return completedRecordOf({
    id: Number(row.id),
    userId: row.user_id as string,
    key: row.key as string,
    operation: row.operation as string | null,
    fingerprint: row.fingerprint as string | null,
    isError: row.is_error as boolean | null,
    outcome: row.outcome as string | null,
    claimToken: null,
    claimedUntil: null,
    createdAt: row.created_at as Date,
  });
}

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

  /**
   * Runs `body` in one transaction after taking the per-date advisory locks (sorted, so two writers of overlapping
   * dates cannot deadlock), and records the outcome with the change. The key found completed (another request
   * committed it first) rolls the change back and reports "raced". Round trips: BEGIN with the locks, the body's
   * statements, the key's record, COMMIT.
   */
  async function writeWithKey<Value>(options: {
    userId: string;
    key: string;
    dates: readonly string[];
    operation: string;
    fingerprint: string;
    hooks?: IdempotentSaveRequest<Value>["hooks"];
    afterCommit?: () => void;
    body: (tx: PostgresDatabase) => Promise<{ outcome: RecordedOutcome; value: Value; alsoWrite?: () => Promise<void> }>;
  }): Promise<IdempotentSaveResult<Value>> {
    const { userId, key, hooks } = options;
    // Sent with BEGIN as one simple query (literals, no parameters), so they cost no round trip of their own. Two keys
    // for one date must not both see "no row" and both insert: the second waits on the date's lock for the first's
    // commit. Then the key's row (a claim, or a completed record) is locked and read: a concurrent save of the same
    // key waits there.
    const locks = [...new Set(options.dates)]
      .sort()
      .map((date) => `SELECT pg_advisory_xact_lock(hashtextextended(${pg.escapeLiteral(JSON.stringify([userId, date]))}, 0))`);
    const keyLookUp = `SELECT id, user_id, key, operation, fingerprint, is_error, outcome, created_at FROM idempotency_record
      WHERE user_id = ${pg.escapeLiteral(userId)} AND key = ${pg.escapeLiteral(key)} FOR UPDATE`;
    let completed: IdempotencyRecord | undefined;
    const result = await runPostgresTransaction({
      pool,
      commitTimeoutMs,
      begin: ["BEGIN", ...locks, keyLookUp].join("; "),
      inPlaceOfCommit: hooks?.inPlaceOfCommit,
      afterCommit: () => {
        hooks?.afterCommit?.();
        options.afterCommit?.();
      },
      body: async (client, begun) => {
        hooks?.beforeBody?.();
        completed = completedKeyOf(begun.at(-1)?.rows[0]);
        if (completed) return { commit: false, value: undefined };
        const tx = transactionDatabase(client);
        const decided = await options.body(tx);
        const recorded = {
          operation: options.operation,
          fingerprint: options.fingerprint,
          isError: decided.outcome.isError,
          outcome: decided.outcome.content,
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
        await decided.alsoWrite?.();
        return { commit: true, value: decided.value };
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

  async function saveIdempotent<Value>(request: IdempotentSaveRequest<Value>): Promise<IdempotentSaveResult<Value>> {
    const { userId, key, date } = request;
    const result = await writeWithKey<Value>({
      userId,
      key,
      dates: [date],
      operation: request.operation,
      fingerprint: request.fingerprint,
      hooks: request.hooks,
      afterCommit: request.afterCommit,
      body: async (tx) => {
        const [stored] = await tx.select().from(measurement).where(byDate(userId, date));
        const decision = request.decide(stored);
        await applyChange({ db: tx, userId, date, change: decision.change });
        return {
          outcome: decision.outcome,
          value: decision.value,
          alsoWrite: async () => {
            if (request.alsoWrite) await writeTurnRows(tx, request.alsoWrite(decision.outcome));
            request.insideTransaction?.();
          },
        };
      },
    });
    return result;
  }

  async function importIdempotent<Value>(request: IdempotentImportRequest<Value>): Promise<IdempotentSaveResult<Value>> {
    const { userId } = request;
    return await writeWithKey<Value>({
      userId,
      key: request.key,
      dates: request.dates,
      operation: request.operation,
      fingerprint: request.fingerprint,
      body: async (tx) => {
        const rows =
          request.dates.length === 0
            ? []
            : await tx
                .select()
                .from(measurement)
                .where(and(eq(measurement.userId, userId), inArray(measurement.date, [...request.dates])));
        const decision = request.decide(new Map(rows.map((row) => [row.date, row])));
        for (const { date, change } of decision.changes) await applyChange({ db: tx, userId, date, change });
        return { outcome: decision.outcome, value: decision.value };
      },
    });
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
    importIdempotent,
  };
}
