// The turn recorder's upserts as statements compiled once per row shape into SQL bound by position: building and
// preparing each statement through drizzle was most of a turn's CPU time (see BENCHMARKS.md), drizzle's prepared query
// still walked every parameter on each call, and a turn has only a few row shapes. A compiled row is plain SQL and
// values, so it runs on this connection or is sent to the turn writer's thread (turn-write-thread.mjs) as it is.
import "server-only";
import { sql, type Query } from "drizzle-orm";
import type { QuotaUse } from "../../lib/store/account-store";
import type { TurnRows } from "../../lib/store/turn-store";
import type { AppDatabase, DatabaseHandle } from "./open-database";
import { compileByName, runCompiled, type CompiledStatement } from "./compiled-statement";
import { countQuotaUse } from "./quota-uses";
import { conversation, message, toolCall, traceEvent, turn } from "./schema";

type Row = Record<string, unknown>;

/**
 * A compiler of `build`'s statement for a row, compiled once per shape. The shape is the set of defined columns and
 * which of them are null: an undefined column keeps drizzle's default (or, in an upsert's SET, the stored value)
 * exactly as the unprepared query did, and a null is written as a literal NULL because drizzle's placeholders would
 * pass null to a column's encoder (a timestamp's getTime()). The SQL depends on the schema only, not the connection.
 */
function createRowCompiler<Written extends object>(
  build: (db: AppDatabase, values: Row) => { toSQL(): Query },
): (db: AppDatabase, row: Written) => CompiledStatement {
  const shapes = new Map<string, (values: Row) => CompiledStatement>();
  return (db, written) => {
    const row = written as Row;
    const columns = Object.keys(row)
      .filter((column) => row[column] !== undefined)
      .sort();
    const shape = columns.map((column) => (row[column] === null ? `${column}=null` : column)).join(",");
    let bind = shapes.get(shape);
    if (bind === undefined) {
      bind = compileByName(build(db, Object.fromEntries(columns.map((column) => [column, row[column] === null ? null : sql.placeholder(column)]))).toSQL());
      shapes.set(shape, bind);
    }
    return bind(row);
  };
}

/** A writer that runs the compiled row on `db`'s connection. */
function writerOf<Written extends object>(compile: (db: AppDatabase, row: Written) => CompiledStatement): (handle: DatabaseHandle, row: Written) => void {
  return (handle, row) => runCompiled(handle.sqlite, [compile(handle.db, row)]);
}

/** Everything but the key: what an upsert overwrites on conflict. */
function withoutId(values: Row): Row {
  return Object.fromEntries(Object.entries(values).filter(([column]) => column !== "id"));
}

const compileConversation = createRowCompiler<typeof conversation.$inferInsert>((db, values) =>
  db
    .insert(conversation)
    .values(values as typeof conversation.$inferInsert)
    .onConflictDoUpdate({ target: conversation.id, set: { updatedAt: values.updatedAt as Date } }),
);

/** The turn row; on conflict only what changes while the turn runs (its outcome, model requests and end). */
const compileTurn = createRowCompiler<typeof turn.$inferInsert>((db, values) =>
  db
    .insert(turn)
    .values(values as typeof turn.$inferInsert)
    .onConflictDoUpdate({
      target: turn.id,
      set: { outcome: values.outcome as string | null, modelRequests: values.modelRequests as number, endedAt: values.endedAt as Date | null },
    }),
);

const compileMessage = createRowCompiler<typeof message.$inferInsert>((db, values) =>
  db
    .insert(message)
    .values(values as typeof message.$inferInsert)
    .onConflictDoNothing(),
);

const compileToolCall = createRowCompiler<typeof toolCall.$inferInsert>((db, values) =>
  db
    .insert(toolCall)
    .values(values as typeof toolCall.$inferInsert)
    .onConflictDoUpdate({ target: toolCall.id, set: withoutId(values) }),
);

const compileTraceEvent = createRowCompiler<typeof traceEvent.$inferInsert>((db, values) =>
  db
    .insert(traceEvent)
    .values(values as typeof traceEvent.$inferInsert)
    .onConflictDoNothing(),
);

export const upsertConversation = writerOf(compileConversation);
export const upsertTurn = writerOf(compileTurn);
export const insertMessage = writerOf(compileMessage);
export const upsertToolCall = writerOf(compileToolCall);
export const insertTraceEvent = writerOf(compileTraceEvent);

/** A turn's rows as statements, in the order they are written (the quota use apart: see writeTurnRows). */
export function compileTurnRows(db: AppDatabase, rows: TurnRows): CompiledStatement[] {
  const statements = [compileConversation(db, rows.conversation), compileTurn(db, rows.turn)];
  for (const row of rows.messages) statements.push(compileMessage(db, row));
  for (const row of rows.toolCalls) statements.push(compileToolCall(db, row));
  for (const row of rows.traceEvents) statements.push(compileTraceEvent(db, row));
  return statements;
}

/**
 * Writes a turn's rows on the caller's open transaction (or as autocommits when there is none). Synchronous by design.
 * Returns the quota use this write counted (the turn's first), for the caller to settle once its transaction commits.
 */
export function writeTurnRows(handle: DatabaseHandle, rows: TurnRows): QuotaUse | undefined {
  const counted = countQuotaUse(handle.db, { use: rows.quotaUse, turnId: rows.turn.id });
  runCompiled(handle.sqlite, compileTurnRows(handle.db, rows));
  return counted;
}
