// The keyed write's statements that run on every save, written once as named prepared statements (node-postgres parses
// and plans each name once per connection): no query built per call, and no plan per call on the server.
import "server-only";
import type pg from "pg";
import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { RecordedOutcome } from "../../lib/store/index";
import { goal, idempotencyRecord, measurement } from "./schema";
import type { SessionStatement } from "./session-statements";

/** A row as node-postgres answers a plain query (column names, driver values) in the form drizzle's select returns. */
export function rowOfTable<Table extends PgTable>(table: Table, raw: Record<string, unknown> | undefined): Table["$inferSelect"] | undefined {
  if (!raw) return undefined;
  const row: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table["$inferSelect"];
}

/**
 * A row's look-up by two text columns, prepared per connection and run with EXECUTE in BEGIN's simple query. Its
 * columns are named, not `*`: a column a later migration adds does not change the prepared statement's result type
 * (which the server would refuse on every connection that prepared it before).
 */
function selectByTwoColumns(options: { name: string; table: PgTable; columns: [string, string]; forUpdate?: boolean }): SessionStatement {
  const { name, table, columns, forUpdate } = options;
  const selected = Object.values(getTableColumns(table))
    .map((column) => `"${column.name}"`)
    .join(", ");
  const where = `"${columns[0]}" = $1 AND "${columns[1]}" = $2`;
  return { name, parameterTypes: ["text", "text"], text: `SELECT ${selected} FROM "${getTableName(table)}" WHERE ${where}${forUpdate ? " FOR UPDATE" : ""}` };
}

/** A transaction-scoped advisory lock, by name (the e2e tests hold one with the same hashtextextended key). */
export const advisoryLockStatement: SessionStatement = {
  name: "palestra_advisory_lock",
  parameterTypes: ["text"],
  text: "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
};
/** The key's row by (user, key), locked: a concurrent write of the same key waits here. */
export const keyForUpdateStatement = selectByTwoColumns({
  name: "palestra_key_for_update",
  table: idempotencyRecord,
  columns: ["user_id", "key"],
  forUpdate: true,
});
/** The stored row a keyed change reads under its lock: a measurement by (user, date), a goal by (user, field). */
export const measurementByDateStatement = selectByTwoColumns({ name: "palestra_measurement_by_date", table: measurement, columns: ["user_id", "date"] });
export const goalByFieldStatement = selectByTwoColumns({ name: "palestra_goal_by_field", table: goal, columns: ["user_id", "field"] });

const keyRecordText = `INSERT INTO idempotency_record (user_id, key, operation, fingerprint, is_error, outcome) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (user_id, key) DO UPDATE SET operation = excluded.operation, fingerprint = excluded.fingerprint,
is_error = excluded.is_error, outcome = excluded.outcome, claim_token = NULL, claimed_until = NULL
WHERE idempotency_record.outcome IS NULL RETURNING id`;
/** The key's record takes parameters $1 to $6; a change sent with it numbers its own from $7. */
const KEY_RECORD_PARAMETERS = 6;

/** A change's statement to be sent in the same statement as the key's record: a named one, parameters from $7. */
export type StatementWithRecord = { name: string; text: string; values: unknown[] };

/**
 * Records the key's outcome with the change: a new row, or the completion of a claim. Never overwrites an outcome
 * another request committed after the look-up: then no row comes back (false). A change given as `along` runs in the
 * same statement (a data-modifying WITH, run to completion whatever the record does), one round trip for both; when
 * no row comes back the caller rolls the whole transaction back, the change with it.
 */
export async function recordKeyOutcome(
  client: pg.PoolClient,
  options: { userId: string; key: string; operation: string; fingerprint: string; outcome: RecordedOutcome; along?: StatementWithRecord },
): Promise<boolean> {
  const { userId, key, operation, fingerprint, outcome, along } = options;
  const values = [userId, key, operation, fingerprint, outcome.isError, outcome.content];
  const answer = await client.query(
    along
      ? { name: `${along.name}-with-key-record`, text: `WITH change AS (${along.text})\n${keyRecordText}`, values: [...values, ...along.values] }
      : { name: "palestra-record-key-outcome", text: keyRecordText, values },
  );
  return answer.rowCount === 1;
}

/** The key's row, completed or not, by (user, key): the look-up every keyed write starts with. */
export async function findKeyRow(
  client: pg.Pool | pg.PoolClient,
  options: { userId: string; key: string },
): Promise<typeof idempotencyRecord.$inferSelect | undefined> {
  const answer = await client.query({
    name: "palestra-find-key",
    text: "SELECT * FROM idempotency_record WHERE user_id = $1 AND key = $2",
    values: [options.userId, options.key],
  });
  return rowOfTable(idempotencyRecord, answer.rows[0]);
}

const measurementColumns = Object.entries(getTableColumns(measurement)).filter(([, column]) => column.name !== "id");
const insertMeasurementText = `INSERT INTO measurement (${measurementColumns.map(([, column]) => column.name).join(", ")}) VALUES (${measurementColumns
  .map((_, index) => `$${KEY_RECORD_PARAMETERS + index + 1}`)
  .join(", ")})`;

/** A new measurement row, as a statement to send with the key's record; absent values are null, as drizzle's insert leaves them. */
export function insertMeasurementWithRecord(row: Partial<typeof measurement.$inferInsert>): StatementWithRecord {
  const values = measurementColumns.map(([property, column]) => {
    const value = (row as Record<string, unknown>)[property];
    return value === undefined || value === null ? null : column.mapToDriverValue(value);
  });
  return { name: "palestra-insert-measurement", text: insertMeasurementText, values };
}
