// A drizzle insert compiled once per connection into a plain better-sqlite3 statement bound by position. drizzle's own
// prepared query walks every parameter on each call (a placeholder check, the column's encoder), which was about half
// of what the save's 16-column insert cost.
import "server-only";
import type Database from "better-sqlite3";
import { Column, Param, Placeholder, is, type Query } from "drizzle-orm";
import type { CompiledStatement } from "./compiled-statement";

/** Runs the insert with `values`, or compiles it (encoded, not run) for another connection (the turn writer's thread). */
export type PositionalInsert = ((values: unknown[]) => Database.RunResult) & { compile: (values: unknown[]) => CompiledStatement };

/**
 * Returns `run(values)` for a query built from placeholders only: `values` in the order of `names`, which must be the
 * order of the query's placeholders (checked here, once, so a schema change cannot shift a value into the wrong
 * column). A placeholder bound to a column keeps that column's encoder (a Date becomes its milliseconds).
 */
export function positionalInsertOf(options: { sqlite: Database.Database; query: { toSQL(): Query }; names: readonly string[] }): PositionalInsert {
  const { sql, params } = options.query.toSQL();
  if (params.length !== options.names.length) throw new Error(`${sql} has ${params.length} parameters, not ${options.names.length}`);
  const encoders: Array<[number, (value: unknown) => unknown]> = [];
  params.forEach((param, index) => {
    const placeholder = is(param, Placeholder) ? param : is(param, Param) && is(param.value, Placeholder) ? param.value : undefined;
    if (placeholder?.name !== options.names[index]) throw new Error(`parameter ${index + 1} of ${sql} is not the placeholder ${options.names[index]}`);
    // A column whose encoder is drizzle's identity (text, real) needs no call per value.
    if (is(param, Param) && param.encoder.mapToDriverValue !== Column.prototype.mapToDriverValue) {
      encoders.push([index, (value) => param.encoder.mapToDriverValue(value)]);
    }
  });
  const statement = options.sqlite.prepare(sql);
  const encode = (values: unknown[]) => {
    for (const [index, encodeValue] of encoders) values[index] = encodeValue(values[index]);
    return values;
  };
  return Object.assign((values: unknown[]) => statement.run(encode(values)), {
    compile: (values: unknown[]): CompiledStatement => [sql, encode(values)],
  });
}
