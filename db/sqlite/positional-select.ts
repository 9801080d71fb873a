// A drizzle single-row select compiled once per connection into a plain better-sqlite3 statement bound by position.
// drizzle's prepared `get` fills its placeholders from an object and switches the statement to raw mode on every call;
// the keyed write runs two such look-ups a save (the key inside the transaction, the date's row).
import "server-only";
import type Database from "better-sqlite3";
import { Column, Placeholder, is, type Query } from "drizzle-orm";

/**
 * The look-up, plus what a write decided on another connection needs (keyed-write-on-thread.ts): its SQL text, and
 * the row as stored (raw values in column order) with its mapping from one read.
 */
export type PositionalGet<Row> = ((values: unknown[]) => Row | undefined) & {
  sql: string;
  getWithRaw: (values: unknown[]) => { row: Row; raw: unknown[] } | undefined;
};

/**
 * Returns `get(values)` for a select built with placeholders only: `values` in the order of `names`, which must be the
 * order of the query's placeholders (checked here, once). The query selects plain columns (a table's, or some of
 * them), and the row is mapped as drizzle maps such a selection: each column's decoder (timestamps to Dates, JSON text
 * to objects, 0/1 to booleans), NULL left null.
 */
export function positionalGetOf<Row>(options: {
  sqlite: Database.Database;
  query: { toSQL(): Query; _: { selectedFields: Record<string, unknown> } };
  names: readonly string[];
}): PositionalGet<Row> {
  const { sql, params } = options.query.toSQL();
  if (params.length !== options.names.length) throw new Error(`${sql} has ${params.length} parameters, not ${options.names.length}`);
  params.forEach((param, index) => {
    if (!is(param, Placeholder) || param.name !== options.names[index]) {
      throw new Error(`parameter ${index + 1} of ${sql} is not the placeholder ${options.names[index]}`);
    }
  });
  // drizzle writes the select list in the order of the selection's entries.
  const columns = Object.entries(options.query._.selectedFields).map(([name, column]) => {
    if (!is(column, Column)) throw new Error(`${name} in ${sql} is not a plain column`);
    return [name, column] as const;
  });
  const statement = options.sqlite.prepare(sql).raw(true);
  const selected = statement.columns().map((column) => column.name);
  if (selected.join() !== columns.map(([, column]) => column.name).join())
    throw new Error(`${sql} does not select ${columns.map(([name]) => name).join()} in order`);
  const map = (row: unknown[]) => {
    const mapped: Record<string, unknown> = {};
    columns.forEach(([name, column], index) => {
      const value = row[index];
      mapped[name] = value === null ? null : column.mapFromDriverValue(value);
    });
    return mapped as Row;
  };
  return Object.assign(
    (values: unknown[]) => {
      const row = statement.get(values) as unknown[] | undefined;
      return row === undefined ? undefined : map(row);
    },
    {
      sql,
      getWithRaw: (values: unknown[]) => {
        const raw = statement.get(values) as unknown[] | undefined;
        return raw === undefined ? undefined : { row: map(raw), raw };
      },
    },
  );
}
