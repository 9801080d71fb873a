// Group commit of the turn rows: the writes asked for in the same turn of the event loop share one BEGIN IMMEDIATE and
// one COMMIT (one WAL append and fsync) instead of one each. Under many concurrent streams the per-turn commit was a
// tenth of the main thread (BENCHMARKS.md); each turn's rows still go in whole or not at all, in a savepoint of its own.
import "server-only";
import type Database from "better-sqlite3";
import type { QuotaUse } from "../../lib/store/account-store";
import type { TurnRows } from "../../lib/store/turn-store";
import type { DatabaseHandle } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { settleQuotaUse } from "./quota-uses";
import { writeTurnRows } from "./row-writes";

type PendingWrite = { rows: TurnRows; resolve: () => void; reject: (error: unknown) => void };
type Queue = { writes: PendingWrite[]; scheduled: boolean };

const statementsOf = preparedPerConnection((sqlite: Database.Database) => ({
  begin: sqlite.prepare("BEGIN IMMEDIATE"),
  savepoint: sqlite.prepare("SAVEPOINT turn_rows"),
  release: sqlite.prepare("RELEASE turn_rows"),
  rollbackToSavepoint: sqlite.prepare("ROLLBACK TO turn_rows"),
  commit: sqlite.prepare("COMMIT"),
  rollback: sqlite.prepare("ROLLBACK"),
}));

/** The writes waiting for the next group, per connection. */
const queueOf = preparedPerConnection((_sqlite: Database.Database): Queue => ({ writes: [], scheduled: false }));

function rollbackQuietly(sqlite: Database.Database): void {
  if (!sqlite.inTransaction) return;
  try {
    statementsOf(sqlite).rollback.run();
  } catch {
    // The transaction is already gone; nothing more to undo.
  }
}

/** Undoes one turn's rows and keeps the rest of the group; false when the error took the whole transaction with it. */
function rollbackTurn(sqlite: Database.Database): boolean {
  if (!sqlite.inTransaction) return false;
  try {
    const statements = statementsOf(sqlite);
    statements.rollbackToSavepoint.run();
    statements.release.run();
    return true;
  } catch {
    rollbackQuietly(sqlite);
    return false;
  }
}

/**
 * Writes the group in one synchronous transaction. A turn whose rows fail is rolled back alone and rejected; a failed
 * BEGIN or COMMIT rejects every turn of the group (the quota uses they counted stay admitted, to be counted by a later
 * write). An error that ends the transaction itself (SQLITE_FULL, IOERR) rejects its turn and retries the others.
 */
function commitGroup(handle: DatabaseHandle, writes: PendingWrite[]): void {
  if (writes.length === 0) return;
  const { sqlite, db } = handle;
  const statements = statementsOf(sqlite);
  try {
    statements.begin.run();
  } catch (error) {
    for (const write of writes) write.reject(error);
    return;
  }
  const written: { write: PendingWrite; counted: QuotaUse | undefined }[] = [];
  for (const [index, write] of writes.entries()) {
    try {
      statements.savepoint.run();
      const counted = writeTurnRows(db, write.rows);
      statements.release.run();
      written.push({ write, counted });
    } catch (error) {
      write.reject(error);
      if (!rollbackTurn(sqlite)) {
        commitGroup(handle, [...written.map((entry) => entry.write), ...writes.slice(index + 1)]);
        return;
      }
    }
  }
  try {
    statements.commit.run();
  } catch (error) {
    rollbackQuietly(sqlite);
    for (const { write } of written) write.reject(error);
    return;
  }
  for (const { write, counted } of written) {
    settleQuotaUse(db, counted);
    write.resolve();
  }
}

/**
 * Commits a turn's rows with every other turn's asked for before the event loop's next check phase; resolves once its
 * group has committed. Synchronous inside: no await between BEGIN and COMMIT.
 */
export function commitTurnRows(handle: DatabaseHandle, rows: TurnRows): Promise<void> {
  const queue = queueOf(handle.sqlite);
  return new Promise<void>((resolve, reject) => {
    queue.writes.push({ rows, resolve, reject });
    if (queue.scheduled) return;
    queue.scheduled = true;
    setImmediate(() => {
      const writes = queue.writes;
      queue.writes = [];
      queue.scheduled = false;
      commitGroup(handle, writes);
    });
  });
}
