// Opens a pool on DATABASE_URL and applies the PostgreSQL migrations once per start, under an advisory lock so
// instances that start together do not run them twice.
import "server-only";
import path from "node:path";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "./schema";

export type PostgresDatabase = NodePgDatabase<typeof schema>;
export type PostgresHandle = { pool: pg.Pool; db: PostgresDatabase; url: string };

const migrationsFolder = path.join(process.cwd(), "drizzle", "postgres");
/** The advisory lock every instance takes around its migrations: any fixed 64-bit number, the same everywhere. */
export const MIGRATION_LOCK_ID = 7_305_117_001;

/** Applies drizzle/postgres on one session holding the migration lock; a second instance waits, then finds them applied. */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    // Ending the session releases the lock even when a migration failed.
    await client.end();
  }
}

/** A pool of `poolSize` connections (none opened yet); the caller applies migrations first (migratePostgres). */
export function createPostgresHandle(options: { url: string; poolSize: number }): PostgresHandle {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  // An idle connection the server dropped (restart, proxy cut) must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return { pool, db: drizzle(pool, { schema }), url: options.url };
}
