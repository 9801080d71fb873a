// The idempotent write on SQLite that every keyed change shares (a measurement save, an import, a goal): one
// synchronous BEGIN IMMEDIATE transaction with no await inside, in which the key is looked up again, the change is
// decided and applied, the key's record and the turn's rows are written, and COMMIT runs.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { QuotaUse } from "../../lib/store/account-store";
import type { IdempotentSaveResult, KeyedWriteRequest, RecordedOutcome } from "../../lib/store/measurement-store";
import type { IdempotencyRecord } from "../../lib/store/records";
import type { DatabaseHandle } from "./open-database";
import { positionalInsertOf } from "./positional-insert";
import { positionalGetOf } from "./positional-select";
import { preparedPerConnection } from "./prepared-per-connection";
import { settleQuotaUse } from "./quota-uses";
import { writeTurnRows } from "./row-writes";
import { runWriteTransaction } from "./run-write-transaction";
import { idempotencyRecord } from "./schema";

// Built and compiled once per connection, bound by position: every keyed write looks its key up (and a QA run twice).
export const findKeyOf = preparedPerConnection(({ sqlite, db }: DatabaseHandle) =>
  positionalGetOf<IdempotencyRecord>({
    sqlite,
    query: db
      .select()
      .from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.userId, sql.placeholder("userId")), eq(idempotencyRecord.key, sql.placeholder("key")))),
    names: ["userId", "key"],
  }),
);

// The key's record, bound by position (positional-insert.ts): is_error goes through the column's encoder (boolean to 0/1).
export const insertKeyOf = preparedPerConnection(({ sqlite, db }: DatabaseHandle) =>
  positionalInsertOf({
    sqlite,
    query: db.insert(idempotencyRecord).values({
      userId: sql.placeholder("userId"),
      key: sql.placeholder("key"),
      operation: sql.placeholder("operation"),
      fingerprint: sql.placeholder("fingerprint"),
      isError: sql.placeholder("isError"),
      outcome: sql.placeholder("outcome"),
    }),
    names: ["userId", "key", "operation", "fingerprint", "isError", "outcome"],
  }),
);

export type KeyedRecord = Pick<
  KeyedWriteRequest<unknown, unknown, unknown>,
  "userId" | "key" | "operation" | "fingerprint" | "alsoWrite" | "insideTransaction" | "afterCommit" | "hooks"
>;

/**
 * Runs `decideAndApply` (synchronous: it reads the stored rows, decides and applies the change) inside the write's
 * transaction once the key is found free, then records the outcome under the key with the turn's rows. A key another
 * process completed first rolls back and reports "raced".
 */
export function writeWithKey<Value>(
  handle: DatabaseHandle,
  request: KeyedRecord,
  decideAndApply: () => { outcome: RecordedOutcome; value: Value },
): IdempotentSaveResult<Value> {
  const { db, sqlite } = handle;
  const { userId, key } = request;
  const findKey = findKeyOf(handle);
  let raced: IdempotencyRecord | undefined;
  let counted: QuotaUse | undefined;
  const result = runWriteTransaction({
    sqlite,
    hooks: request.hooks,
    body: () => {
      // The key's one look-up without QA faults (a completed key is a replay); with them, another process may have
      // completed the key between the caller's look-up and BEGIN IMMEDIATE.
      raced = findKey([userId, key]);
      if (raced) return { commit: false, value: undefined };
      const { outcome, value } = decideAndApply();
      insertKeyOf(handle)([userId, key, request.operation, request.fingerprint, outcome.isError, outcome.content]);
      if (request.alsoWrite) counted = writeTurnRows(handle, request.alsoWrite(outcome));
      request.insideTransaction?.();
      return { commit: true, value };
    },
    afterCommit: request.afterCommit,
  });
  // Settled only when certainly committed: after an uncertain commit the turn's next write looks for its row.
  if (result.status === "done" && result.committed) settleQuotaUse(db, counted);
  if (result.status === "failed" || result.status === "uncertain") return result;
  if (!result.committed || raced) return { status: "raced", record: raced as IdempotencyRecord };
  return { status: "committed", value: result.value as Value };
}
