// The keyed write's statements that run on every save, written once as named prepared statements (node-postgres parses
// and plans each name once per connection): no query built per call, and no plan per call on the server.
import "server-only";
import type pg from "pg";
import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { RecordedOutcome } from "../../lib/store/index";
import { idempotencyRecord, measurement } from "./schema";

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

/** `SELECT * FROM table WHERE ...` with literal values, to be sent inside BEGIN's simple query (no round trip of its own). */
export function selectWithLiterals(table: PgTable, where: string): string {
  return `SELECT * FROM "${getTableName(table)}" WHERE ${where}`;
}

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
