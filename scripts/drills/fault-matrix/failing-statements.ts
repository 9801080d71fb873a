// Wraps a connection so that its Nth executed statement fails, once or persistently: SQLite's anomaly tests, moved to the statement level.
import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import * as schema from "@/db/sqlite/schema";

export type StatementFault = {
  /** The 1-based statement execution that fails first (every executed statement counts, BEGIN and COMMIT included). */
  failAt: number;
  persistent: boolean;
  createError: () => Error;
};

export type FailingHandle = {
  handle: DatabaseHandle;
  /** Statements executed so far (ROLLBACK excluded). */
  statements: () => number;
  failures: () => number;
  /** Arms a fault, or disarms with undefined; the statement count restarts. */
  arm: (fault: StatementFault | undefined) => void;
  /** The SQL of every statement executed since the last `arm` (ROLLBACK excluded), in order. */
  preparedStatements: () => readonly string[];
};

const EXECUTING_METHODS = new Set<PropertyKey>(["run", "get", "all", "iterate"]);
/** Modes that return the statement itself: the wrapper hands back the wrapper so execution stays counted. */
const CHAINING_METHODS = new Set<PropertyKey>(["raw", "pluck", "expand", "safeIntegers", "bind"]);

export function createFailingHandle(handle: DatabaseHandle): FailingHandle {
  let fault: StatementFault | undefined;
  let statements = 0;
  let failures = 0;
  let executed: string[] = [];
  // Counted when a statement EXECUTES, not when it is prepared: the app caches prepared statements per connection,
  // so a statement prepared once runs in every later save, and each run is a point where storage can fail.
  const countExecution = (source: string) => {
    // SQLite rolls a failed transaction back itself, even when I/O keeps failing; the wrapper lets ROLLBACK through.
    if (/^\s*ROLLBACK/i.test(source)) return;
    statements += 1;
    executed.push(source);
    if (fault && (statements === fault.failAt || (fault.persistent && statements > fault.failAt))) {
      failures += 1;
      throw fault.createError();
    }
  };
  const wrapStatement = (statement: Database.Statement): Database.Statement => {
    const wrapper: Database.Statement = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        const method = value as (...values: unknown[]) => unknown;
        if (EXECUTING_METHODS.has(property)) {
          return (...values: unknown[]) => {
            countExecution(target.source);
            return method.apply(target, values);
          };
        }
        if (CHAINING_METHODS.has(property)) {
          return (...values: unknown[]) => {
            method.apply(target, values);
            return wrapper;
          };
        }
        return method.bind(target);
      },
    });
    return wrapper;
  };
  const sqlite = new Proxy(handle.sqlite, {
    get(target, property) {
      if (property === "prepare") return (source: string) => wrapStatement(target.prepare(source));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...values: unknown[]) => unknown).bind(target) : value;
    },
  }) as Database.Database;
  return {
    handle: { sqlite, db: drizzle(sqlite, { schema }), path: handle.path },
    statements: () => statements,
    failures: () => failures,
    arm: (next) => {
      fault = next;
      statements = 0;
      executed = [];
    },
    preparedStatements: () => executed,
  };
}
