// The SQLite adapter of the persistence port: one store per connection, over better-sqlite3 + drizzle.
import "server-only";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Store } from "../../lib/store/store";
import { readMigrationStatus } from "./migration-status";
import { openDatabase, type DatabaseHandle } from "./open-database";
import { account, apikey, rateLimit, session, user, verification } from "./schema";
import { createSqliteAccountStore, createSqliteFaultStore, createSqliteQuotaStore } from "./sqlite-account-store";
import { createSqliteGoalStore } from "./sqlite-goal-store";
import { createSqliteInspectionStore } from "./sqlite-inspection-store";
import { createSqliteMcpToolCallStore } from "./sqlite-mcp-tool-call-store";
import { createSqliteIdempotencyStore, createSqliteMeasurementStore } from "./sqlite-measurement-store";
import { createSqliteConversationStore, createSqliteToolCallStore, createSqliteTurnStore } from "./sqlite-turn-store";
import { closeTurnWriter } from "./turn-writer";

/** The port, plus the connection itself for what only SQLite has (drills that inject SQLite errors, WAL checks). */
export type SqliteStore = Store & { readonly dialect: "sqlite"; readonly handle: DatabaseHandle };

const stores = new WeakMap<DatabaseHandle, SqliteStore>();

/** The store over an open connection; the same object for the same handle. `close()` closes the connection. */
export function createSqliteStore(handle: DatabaseHandle): SqliteStore {
  const existing = stores.get(handle);
  if (existing) return existing;
  const store: SqliteStore = {
    dialect: "sqlite",
    handle,
    measurements: createSqliteMeasurementStore(handle),
    idempotency: createSqliteIdempotencyStore(handle),
    goals: createSqliteGoalStore(handle),
    conversations: createSqliteConversationStore(handle),
    turns: createSqliteTurnStore(handle),
    toolCalls: createSqliteToolCallStore(handle),
    mcpToolCalls: createSqliteMcpToolCallStore(handle),
    accounts: createSqliteAccountStore(handle),
    quotas: createSqliteQuotaStore(handle),
    faults: createSqliteFaultStore(handle),
    inspection: createSqliteInspectionStore(handle),
    migrationStatus: async () => {
      handle.sqlite.prepare("SELECT 1").get();
      return readMigrationStatus(handle.sqlite);
    },
    authDatabase: drizzleAdapter(handle.db, {
      provider: "sqlite",
      schema: { user, session, account, verification, rateLimit, apikey },
      // better-sqlite3 transactions are synchronous; the adapter's async ones would commit while reporting failure.
      transaction: false,
    }),
    close: async () => {
      await closeTurnWriter(handle);
      if (handle.sqlite.open) handle.sqlite.close();
    },
  };
  stores.set(handle, store);
  return store;
}

/** Opens (creating when needed) a database file or ":memory:" with pragmas asserted and migrations applied. */
export function openSqliteStore(file: string, options: { migrate?: boolean } = {}): SqliteStore {
  return createSqliteStore(openDatabase(file, options));
}
