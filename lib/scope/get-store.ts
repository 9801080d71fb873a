// The process-wide store: the composition root that picks the persistence adapter. DATABASE_URL set: PostgreSQL,
// shared by every instance; unset: SQLite at DATABASE_PATH.
import "server-only";
import { migratePostgres } from "@/db/postgres/client";
import { createPostgresStore } from "@/db/postgres/create-postgres-store";
import { openSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { getEnv } from "@/lib/env";
import type { Store } from "@/lib/store/store";

// Kept on globalThis so a development hot reload reuses the open connection.
const globalForStore = globalThis as unknown as { palestraStore?: Store };

function openStore(): Store {
  const env = getEnv();
  if (env.DATABASE_URL) {
    return createPostgresStore({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, commitTimeoutMs: env.PALESTRA_TOOL_TIMEOUT_MS });
  }
  return openSqliteStore(env.DATABASE_PATH);
}

export function getStore(): Store {
  globalForStore.palestraStore ??= openStore();
  return globalForStore.palestraStore;
}

/**
 * At start, before any request: SQLite applies its migrations when opened; PostgreSQL's are applied here, under an
 * advisory lock, so instances that start together apply them once.
 */
export async function prepareStore(): Promise<Store> {
  const { DATABASE_URL } = getEnv();
  if (DATABASE_URL && !globalForStore.palestraStore) await migratePostgres(DATABASE_URL);
  return getStore();
}

/** Replaces the process-wide store (tests use a temporary database). */
export function setStore(store: Store | undefined): void {
  globalForStore.palestraStore = store;
}
