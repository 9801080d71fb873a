// The process-wide store: the composition root that picks the persistence adapter (SQLite at DATABASE_PATH).
import "server-only";
import { openSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { getEnv } from "@/lib/env";
import type { Store } from "@/lib/store/store";

// Kept on globalThis so a development hot reload reuses the open connection.
const globalForStore = globalThis as unknown as { palestraStore?: Store };

export function getStore(): Store {
  globalForStore.palestraStore ??= openSqliteStore(getEnv().DATABASE_PATH);
  return globalForStore.palestraStore;
}

/** Replaces the process-wide store (tests use a temporary database). */
export function setStore(store: Store | undefined): void {
  globalForStore.palestraStore = store;
}
