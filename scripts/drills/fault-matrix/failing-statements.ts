// Wraps a connection so that its Nth statement fails, once or persistently: SQLite's anomaly tests, moved to the statement level.
import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { DatabaseHandle } from "@/db/client";
import * as schema from "@/db/schema";

export type StatementFault = {
  /** The 1-based statement that fails first (every prepared statement counts, BEGIN and COMMIT included). */
  failAt: number;
  persistent: boolean;
  createError: () => Error;
};

export type FailingHandle = {
  handle: DatabaseHandle;
  /** Statements prepared so far (ROLLBACK excluded). */
  statements: () => number;
  failures: () => number;
  /** Arms a fault, or disarms with undefined; the statement count restarts. */
  arm: (fault: StatementFault | undefined) => void;
  /** The SQL of every statement prepared since the last `arm` (ROLLBACK excluded). */
  preparedStatements: () => readonly string[];
};

export function createFailingHandle(handle: DatabaseHandle): FailingHandle {
  let fault: StatementFault | undefined;
  let statements = 0;
  let failures = 0;
  let prepared: string[] = [];
  const sqlite = new Proxy(handle.sqlite, {
    get(target, property) {
      if (property === "prepare") {
        return (source: string) => {
          // SQLite rolls a failed transaction back itself, even when I/O keeps failing; the wrapper lets ROLLBACK through.
          if (/^\s*ROLLBACK/i.test(source)) return target.prepare(source);
          statements += 1;
          prepared.push(source);
          if (fault && (statements === fault.failAt || (fault.persistent && statements > fault.failAt))) {
            failures += 1;
            throw fault.createError();
          }
          return target.prepare(source);
        };
      }
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
      prepared = [];
    },
    preparedStatements: () => prepared,
  };
}
