// A keyed write decided here and committed on the turn writer's thread, joining the transaction the thread is forming
// for the turns that ended meanwhile: the event loop waits neither for the write lock nor for the fsync. Taken while
// the thread runs (a turn was written less than its idle time ago: the server is serving turns, and a save is a
// Coach's tool call among them); a process that only saves (the HTTP API alone, the bench's save figure) commits on
// this connection, which is cheaper than the hand-over when nothing else waits. The thread re-checks, inside the
// transaction, that the key is still free and that every row the write was decided on is unchanged; if not, nothing
// is written and the caller decides again on this connection.
import "server-only";
import type { IdempotentSaveResult, RecordedOutcome } from "../../lib/store/measurement-store";
import type { CompiledStatement } from "./compiled-statement";
import type { DatabaseHandle } from "./open-database";
import { compileQuotaCount, settleQuotaUse } from "./quota-uses";
import { compileTurnRows } from "./row-writes";
import { phaseOfTurnWriteError, turnWriterOf, type WriteGuard } from "./turn-writer";
import { findKeyOf, insertKeyOf, type KeyedRecord } from "./write-with-key";

/** A write decided on rows read outside any transaction: its guards say which rows, as read. */
export type PlannedKeyedWrite<Value> = { outcome: RecordedOutcome; value: Value; guards: WriteGuard[]; statements: CompiledStatement[] };

/**
 * The write's result from the thread, or undefined when the caller is to write on this connection: no thread runs,
 * the write carries QA faults or drill hooks (they act inside this connection's transaction), or a guard found the
 * key taken or a row changed since it was read.
 */
export async function writeWithKeyOnThread<Value>(
  handle: DatabaseHandle,
  request: KeyedRecord,
  plan: () => PlannedKeyedWrite<Value>,
): Promise<IdempotentSaveResult<Value> | undefined> {
  const writer = turnWriterOf(handle);
  if (!writer?.isRunning() || request.insideTransaction || request.afterCommit || request.hooks) return undefined;
  const { userId, key } = request;
  const planned = plan();
  const statements = [
    ...planned.statements,
    insertKeyOf(handle).compile([userId, key, request.operation, request.fingerprint, planned.outcome.isError, planned.outcome.content]),
  ];
  const rows = request.alsoWrite?.(planned.outcome);
  const quota = rows ? compileQuotaCount(handle.db, { use: rows.quotaUse, turnId: rows.turn.id }) : undefined;
  if (rows) statements.push(...compileTurnRows(handle.db, rows));
  const guards: WriteGuard[] = [[findKeyOf(handle).sql, [userId, key], null], ...planned.guards];
  try {
    const written = await writer.write({ guards, statements, quota });
    if (written.stale) return undefined;
    if (written.counted) settleQuotaUse(handle.db, rows?.quotaUse);
    return { status: "committed", value: planned.value };
  } catch (error) {
    return failureOfThreadWrite(error);
  }
}

/**
 * A keyed write the thread did not answer "committed", as this connection would report it: before or inside the
 * transaction nothing was written; at COMMIT, or when the thread stopped before answering, maybe it was, and the
 * turn's next write looks for its rows (the quota use stays pending).
 */
export function failureOfThreadWrite(error: unknown): Extract<IdempotentSaveResult<never>, { status: "failed" | "uncertain" }> {
  const phase = phaseOfTurnWriteError(error);
  if (phase === "begin" || phase === "body") return { status: "failed", phase, error };
  return { status: "uncertain", phase: "commit", error };
}
