// The idempotent write on PostgreSQL that every keyed change shares (a measurement save, an import, a goal): the key's
// record and the change commit together or not at all, in one READ COMMITTED transaction under advisory locks.
import "server-only";
import pg from "pg";
import { and, eq, sql } from "drizzle-orm";
import type { IdempotentSaveRequest, IdempotentSaveResult, IdempotencyRecord, KeyedWriteRequest, RecordedOutcome } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { completedRecordOf } from "./idempotency-store";
import { transactionDatabase } from "./run-in-transaction";
import { runPostgresTransaction } from "./run-postgres-transaction";
import { idempotencyRecord } from "./schema";
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

export function createWriteWithKey(options: { db: PostgresDatabase; pool: pg.Pool; commitTimeoutMs: number }) {
  const { db, pool, commitTimeoutMs } = options;
  /**
   * Runs `body` in one transaction after taking the advisory locks (sorted, so two writers of overlapping
   * locks cannot deadlock), and records the outcome with the change. The key found completed (another request
   * committed it first) rolls the change back and reports "raced". Round trips: BEGIN with the locks, the body's
   * statements, the key's record, COMMIT.
   */
  return async function writeWithKey<Value>(options: {
    userId: string;
    key: string;
    /** Advisory lock names (sorted and taken with BEGIN): writers of one (user, date) or (user, goal) wait for each other. */
    locks: readonly string[];
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
    const locks = [...new Set(options.locks)].sort().map((name) => `SELECT pg_advisory_xact_lock(hashtextextended(${pg.escapeLiteral(name)}, 0))`);
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
  };
}

type WriteWithKey = ReturnType<typeof createWriteWithKey>;

/**
 * One keyed change of one row (a measurement's date, a goal's field): under the row's lock, the stored row read, the
 * request's `decide`, the change applied, then the key's record, the turn's rows and the attempt's QA fault, one COMMIT.
 */
export async function writeKeyedChange<Stored, Change, Value>(
  writeWithKey: WriteWithKey,
  request: KeyedWriteRequest<Stored, Change, Value>,
  row: { lock: string; load: (tx: PostgresDatabase) => Promise<Stored | undefined>; apply: (tx: PostgresDatabase, change: Change) => Promise<void> },
): Promise<IdempotentSaveResult<Value>> {
  return await writeWithKey<Value>({
    userId: request.userId,
    key: request.key,
    locks: [row.lock],
    operation: request.operation,
    fingerprint: request.fingerprint,
    hooks: request.hooks,
    afterCommit: request.afterCommit,
    body: async (tx) => {
      const decision = request.decide(await row.load(tx));
      await row.apply(tx, decision.change);
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
}
