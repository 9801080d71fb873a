// The idempotent write on PostgreSQL that every keyed change shares (a measurement save, an import, a goal): the key's
// record and the change commit together or not at all, in one READ COMMITTED transaction under advisory locks.
import "server-only";
import type pg from "pg";
import type { PgTable } from "drizzle-orm/pg-core";
import type { IdempotentSaveRequest, IdempotentSaveResult, IdempotencyRecord, KeyedWriteRequest, RecordedOutcome } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { completedRecordOf } from "./idempotency-store";
import { advisoryLockStatement, findKeyRow, keyForUpdateStatement, recordKeyOutcome, rowOfTable, type StatementWithRecord } from "./keyed-write-statements";
import { transactionDatabase } from "./run-in-transaction";
import { runPostgresTransaction } from "./run-postgres-transaction";
import { idempotencyRecord } from "./schema";
import { executeStatement, type SessionStatement } from "./session-statements";
import { writeTurnRows } from "./turn-rows";

/** Thrown inside the transaction when another request completed the key first: rolls the change back. */
class KeyCompletedMeanwhile extends Error {}

export function createWriteWithKey(options: { pool: pg.Pool; commitTimeoutMs: number }) {
  const { pool, commitTimeoutMs } = options;
  /**
   * Runs `body` in one transaction after taking the advisory locks (sorted, so two writers of overlapping
   * locks cannot deadlock), and records the outcome with the change. The key found completed (another request
   * committed it first) rolls the change back and reports "raced". Round trips: BEGIN with the locks, the key's
   * look-up and the `read` in one (EXECUTEs of statements the connection prepared once; one more round trip on a
   * connection's first write, to prepare them), the body's statements, the key's record (a named prepared statement,
   * which also carries the body's `along` statement when it hands one back), COMMIT.
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
    /** One prepared SELECT and its values, executed with BEGIN after the locks: its first row is given to `body`. */
    read?: { statement: SessionStatement; values: readonly string[] };
    body: (
      tx: PostgresDatabase,
      read: Record<string, unknown> | undefined,
    ) => Promise<{ outcome: RecordedOutcome; value: Value; along?: StatementWithRecord; alsoWrite?: () => Promise<void> }>;
  }): Promise<IdempotentSaveResult<Value>> {
    const { userId, key, hooks } = options;
    // Sent with BEGIN as one simple query (EXECUTEs with literal values), so they cost no round trip of their own. Two
    // keys for one date must not both see "no row" and both insert: the second waits on the date's lock for the first's
    // commit. Then the key's row (a claim, or a completed record) is locked and read: a concurrent save of the same
    // key waits there.
    const locks = [...new Set(options.locks)].sort().map((name) => executeStatement(advisoryLockStatement, [name]));
    // Each statement of one simple query takes its own snapshot (READ COMMITTED), so the key's look-up and the read,
    // each a statement after the locks', see what the lock's previous holder committed.
    const keyLookUp = executeStatement(keyForUpdateStatement, [userId, key]);
    const { read } = options;
    let completed: IdempotencyRecord | undefined;
    const result = await runPostgresTransaction({
      pool,
      commitTimeoutMs,
      begin: ["BEGIN", ...locks, keyLookUp, ...(read ? [executeStatement(read.statement, read.values)] : [])].join("; "),
      prepare: read ? [advisoryLockStatement, keyForUpdateStatement, read.statement] : [advisoryLockStatement, keyForUpdateStatement],
      inPlaceOfCommit: hooks?.inPlaceOfCommit,
      afterCommit: () => {
        hooks?.afterCommit?.();
        options.afterCommit?.();
      },
      body: async (client, begun) => {
        hooks?.beforeBody?.();
        completed = completedRecordOf(rowOfTable(idempotencyRecord, begun[1 + locks.length]?.rows[0]));
        if (completed) return { commit: false, value: undefined };
        const tx = transactionDatabase(client);
        const decided = await options.body(tx, read ? begun[2 + locks.length]?.rows[0] : undefined);
        const { operation, fingerprint } = options;
        const recorded = await recordKeyOutcome(client, { userId, key, operation, fingerprint, outcome: decided.outcome, along: decided.along });
        if (!recorded) throw new KeyCompletedMeanwhile();
        await decided.alsoWrite?.();
        return { commit: true, value: decided.value };
      },
    });
    if (result.status === "done") {
      if (result.committed) return { status: "committed", value: result.value as Value };
      return { status: "raced", record: completed as IdempotencyRecord };
    }
    if (result.status === "failed" && result.error instanceof KeyCompletedMeanwhile) {
      const record = completedRecordOf(await findKeyRow(pool, { userId, key }).catch(() => undefined));
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
  row: {
    lock: string;
    /** The row's table and its prepared look-up with the values: read with BEGIN, under the lock. */
    read: { table: PgTable; statement: SessionStatement; values: readonly string[] };
    /** Applies the change, or hands back its statement to be sent in one statement with the key's record. */
    apply: (options: { tx: PostgresDatabase; change: Change }) => Promise<StatementWithRecord | void>;
  },
): Promise<IdempotentSaveResult<Value>> {
  return await writeWithKey<Value>({
    userId: request.userId,
    key: request.key,
    locks: [row.lock],
    operation: request.operation,
    fingerprint: request.fingerprint,
    hooks: request.hooks,
    afterCommit: request.afterCommit,
    read: { statement: row.read.statement, values: row.read.values },
    body: async (tx, read) => {
      const decision = request.decide(rowOfTable(row.read.table, read) as Stored | undefined);
      const along = await row.apply({ tx, change: decision.change });
      return {
        outcome: decision.outcome,
        value: decision.value,
        along: along ?? undefined,
        alsoWrite: async () => {
          if (request.alsoWrite) await writeTurnRows(tx, request.alsoWrite(decision.outcome));
          request.insideTransaction?.();
        },
      };
    },
  });
}
