// The turn recorder's upserts as statements compiled once per connection and row shape: building and preparing each
// statement through drizzle was most of a turn's CPU time (see BENCHMARKS.md), and a turn has only a few row shapes.
import "server-only";
import { sql } from "drizzle-orm";
import type { QuotaUse } from "../../lib/store/account-store";
import type { TurnRows } from "../../lib/store/turn-store";
import type { AppDatabase } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { countQuotaUse } from "./quota-uses";
import { conversation, message, toolCall, traceEvent, turn } from "./schema";

type Row = Record<string, unknown>;
type RunnableStatement = { run: (values: Row) => unknown };

/**
 * A writer that runs `build`'s statement for a row, compiling it once per connection and shape. The shape is the set
 * of defined columns and which of them are null: an undefined column keeps drizzle's default (or, in an upsert's SET,
 * the stored value) exactly as the unprepared query did, and a null is written as a literal NULL because drizzle's
 * placeholders would pass null to a column's encoder (a timestamp's getTime()).
 */
function createRowWriter<Written extends object>(build: (db: AppDatabase, values: Row) => RunnableStatement): (db: AppDatabase, row: Written) => void {
  const statementsOf = preparedPerConnection((_db: AppDatabase) => new Map<string, RunnableStatement>());
  return (db, written) => {
    const row = written as Row;
    const columns = Object.keys(row)
      .filter((column) => row[column] !== undefined)
      .sort();
    const shape = columns.map((column) => (row[column] === null ? `${column}=null` : column)).join(",");
    const statements = statementsOf(db);
    let statement = statements.get(shape);
    if (statement === undefined) {
      statement = build(db, Object.fromEntries(columns.map((column) => [column, row[column] === null ? null : sql.placeholder(column)])));
      statements.set(shape, statement);
    }
    statement.run(Object.fromEntries(columns.filter((column) => row[column] !== null).map((column) => [column, row[column]])));
  };
}

/** Everything but the key: what an upsert overwrites on conflict. */
function withoutId(values: Row): Row {
  return Object.fromEntries(Object.entries(values).filter(([column]) => column !== "id"));
}

export const upsertConversation = createRowWriter<typeof conversation.$inferInsert>((db, values) =>
  db
    .insert(conversation)
    .values(values as typeof conversation.$inferInsert)
    .onConflictDoUpdate({ target: conversation.id, set: { updatedAt: values.updatedAt as Date } })
    .prepare(),
);

/** The turn row; on conflict only what changes while the turn runs (its outcome, model requests and end). */
export const upsertTurn = createRowWriter<typeof turn.$inferInsert>((db, values) =>
  db
    .insert(turn)
    .values(values as typeof turn.$inferInsert)
    .onConflictDoUpdate({
      target: turn.id,
      set: { outcome: values.outcome as string | null, modelRequests: values.modelRequests as number, endedAt: values.endedAt as Date | null },
    })
    .prepare(),
);

export const insertMessage = createRowWriter<typeof message.$inferInsert>((db, values) =>
  db
    .insert(message)
    .values(values as typeof message.$inferInsert)
    .onConflictDoNothing()
    .prepare(),
);

export const upsertToolCall = createRowWriter<typeof toolCall.$inferInsert>((db, values) =>
  db
    .insert(toolCall)
    .values(values as typeof toolCall.$inferInsert)
    .onConflictDoUpdate({ target: toolCall.id, set: withoutId(values) })
    .prepare(),
);

export const insertTraceEvent = createRowWriter<typeof traceEvent.$inferInsert>((db, values) =>
  db
    .insert(traceEvent)
    .values(values as typeof traceEvent.$inferInsert)
    .onConflictDoNothing()
    .prepare(),
);

/**
 * Writes a turn's rows on the caller's open transaction (or as autocommits when there is none). Synchronous by design.
 * Returns the quota use this write counted (the turn's first), for the caller to settle once its transaction commits.
 */
export function writeTurnRows(db: AppDatabase, rows: TurnRows): QuotaUse | undefined {
  const counted = countQuotaUse(db, { use: rows.quotaUse, turnId: rows.turn.id });
  upsertConversation(db, rows.conversation);
  upsertTurn(db, rows.turn);
  // One compiled statement per row shape, run per row: cheaper than building a multi-row insert through drizzle.
  for (const row of rows.messages) insertMessage(db, row);
  for (const row of rows.toolCalls) upsertToolCall(db, row);
  for (const row of rows.traceEvents) insertTraceEvent(db, row);
  return counted;
}
