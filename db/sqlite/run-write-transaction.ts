// Runs one synchronous BEGIN IMMEDIATE transaction and reports WHERE it failed, which is what classifies a failed write.
import "server-only";
import type Database from "better-sqlite3";
import type { WriteTransactionHooks } from "../../lib/store/measurement-store";
import { preparedPerConnection } from "./prepared-per-connection";
import { withSharedWriteLock } from "./shared-write-lock";

export type WriteTransactionResult<T> =
  /** The body ran to its end; `committed` is false when the body chose to roll back (nothing to write). */
  | { status: "done"; committed: boolean; value: T }
  /** Certainly nothing was written: BUSY at BEGIN, or an error inside the body that was rolled back. */
  | { status: "failed"; phase: "begin" | "body"; error: unknown }
  /** Maybe written: an error at or after COMMIT. */
  | { status: "uncertain"; phase: "commit" | "after_commit"; error: unknown };

// Compiled once per connection: preparing BEGIN, COMMIT and ROLLBACK on every write was measurable CPU per save.
const transactionStatementsOf = preparedPerConnection((sqlite: Database.Database) => ({
  begin: sqlite.prepare("BEGIN IMMEDIATE"),
  commit: sqlite.prepare("COMMIT"),
  rollback: sqlite.prepare("ROLLBACK"),
}));

function rollbackQuietly(sqlite: Database.Database): void {
  // SQLITE_FULL, IOERR, BUSY and NOMEM "may or may not" roll back by themselves: roll back explicitly when still open.
  if (!sqlite.inTransaction) return;
  try {
    transactionStatementsOf(sqlite).rollback.run();
  } catch {
    // The transaction is already gone; nothing more to undo.
  }
}

type WriteTransactionOptions<T> = {
  sqlite: Database.Database;
  body: () => { commit: boolean; value: T };
  hooks?: WriteTransactionHooks;
  /** Runs after COMMIT returned; a throw makes the outcome uncertain (the data is stored). */
  afterCommit?: () => void;
};

/** The transaction, holding the write lock this process shares with its turn writer's thread (shared-write-lock.ts). */
export function runWriteTransaction<T>(options: WriteTransactionOptions<T>): WriteTransactionResult<T> {
  return withSharedWriteLock(options.sqlite, () => runTransaction(options));
}

function runTransaction<T>(options: WriteTransactionOptions<T>): WriteTransactionResult<T> {
  const { sqlite, body, hooks = {} } = options;
  let statements: ReturnType<typeof transactionStatementsOf>;
  try {
    statements = transactionStatementsOf(sqlite);
    statements.begin.run();
  } catch (error) {
    return { status: "failed", phase: "begin", error };
  }
  let result: { commit: boolean; value: T };
  try {
    hooks.beforeBody?.();
    result = body();
  } catch (error) {
    rollbackQuietly(sqlite);
    return { status: "failed", phase: "body", error };
  }
  if (!result.commit) {
    rollbackQuietly(sqlite);
    return { status: "done", committed: false, value: result.value };
  }
  try {
    if (hooks.inPlaceOfCommit) hooks.inPlaceOfCommit();
    else statements.commit.run();
  } catch (error) {
    rollbackQuietly(sqlite);
    return { status: "uncertain", phase: "commit", error };
  }
  try {
    hooks.afterCommit?.();
    options.afterCommit?.();
  } catch (error) {
    return { status: "uncertain", phase: "after_commit", error };
  }
  return { status: "done", committed: true, value: result.value };
}
