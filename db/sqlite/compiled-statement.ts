// A statement as plain SQL and values bound by position, already encoded for the driver: it runs on any connection to
// the same schema, this thread's or the turn writer's (turn-write-thread.mjs), without drizzle on the hot path.
import "server-only";
import type Database from "better-sqlite3";
import { Param, Placeholder, is, type Query } from "drizzle-orm";
import { preparedPerConnection } from "./prepared-per-connection";

export type CompiledStatement = readonly [sql: string, values: unknown[]];

type Parameter = { name: string; encode?: (value: unknown) => unknown } | { constant: unknown };

/**
 * Compiles a drizzle query built with `sql.placeholder`s once; returns the function that binds a row's values to it by
 * name. A placeholder bound to a column keeps that column's encoder (a Date becomes its milliseconds, a boolean 0/1);
 * null is passed as null, never to an encoder.
 */
export function compileByName(query: Query): (values: Record<string, unknown>) => CompiledStatement {
  const parameters: Parameter[] = query.params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      return { name: param.value.name, encode: (value: unknown) => (value === null ? null : encoder.mapToDriverValue(value)) };
    }
    if (is(param, Param)) return { constant: param.value === null ? null : param.encoder.mapToDriverValue(param.value) };
    return { constant: param };
  });
  return (values) => [
    query.sql,
    parameters.map((parameter) => {
      if ("constant" in parameter) return parameter.constant;
      const value = values[parameter.name];
      return parameter.encode ? parameter.encode(value) : value;
    }),
  ];
}

/** The connection's prepared statement for each SQL text it has run. */
const statementsOf = preparedPerConnection((_sqlite: Database.Database) => new Map<string, Database.Statement>());

export function preparedOn(sqlite: Database.Database, text: string): Database.Statement {
  const prepared = statementsOf(sqlite);
  let statement = prepared.get(text);
  if (statement === undefined) {
    statement = sqlite.prepare(text);
    prepared.set(text, statement);
  }
  return statement;
}

/** Runs compiled statements on the connection (on its open transaction, or each as its own when there is none). */
export function runCompiled(sqlite: Database.Database, statements: readonly CompiledStatement[]): void {
  for (const [text, values] of statements) preparedOn(sqlite, text).run(values);
}
