// A write that needs several statements but no outcome classification (turn rows, deletions, fault counters):
// one transaction on its own pooled connection, its error thrown to the caller.
import "server-only";
import type pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { runPostgresTransaction } from "./run-postgres-transaction";
import * as schema from "./schema";
import type { PostgresDatabase } from "./client";

/** Thrown when a write's COMMIT went unanswered: the caller cannot know whether it was stored. */
export class UncertainCommitError extends Error {}

/** One drizzle instance per pooled connection: building one reads the whole schema (about 0.2 ms), too much per write. */
const databases = new WeakMap<pg.PoolClient, PostgresDatabase>();

export function transactionDatabase(client: pg.PoolClient): PostgresDatabase {
  let database = databases.get(client);
  if (!database) {
    database = drizzle(client, { schema });
    databases.set(client, database);
  }
  return database;
}

export async function runInTransaction<T>(options: { pool: pg.Pool; commitTimeoutMs: number; body: (db: PostgresDatabase) => Promise<T> }): Promise<T> {
  const result = await runPostgresTransaction({
    pool: options.pool,
    commitTimeoutMs: options.commitTimeoutMs,
    body: async (client) => ({ commit: true, value: await options.body(transactionDatabase(client)) }),
  });
  if (result.status === "done") return result.value;
  if (result.status === "failed") throw result.error;
  throw new UncertainCommitError("the database did not answer COMMIT", { cause: result.error });
}
