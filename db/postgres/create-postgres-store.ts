// The PostgreSQL adapter of the store port: one pool per instance, migrations applied on open, and better-auth on the
// same database through its drizzle adapter.
import "server-only";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Store } from "../../lib/store/index";
import { createPostgresAccountStore, createPostgresFaultStore, createPostgresQuotaStore } from "./account-store";
import { createPostgresHandle, migratePostgres, type PostgresHandle } from "./client";
import { createPostgresConversationStore, createPostgresToolCallStore, createPostgresTurnStore } from "./conversation-store";
import { createPostgresGoalStore } from "./goal-store";
import { createPostgresIdempotencyStore } from "./idempotency-store";
import { createPostgresInspectionStore } from "./inspection-store";
import { createPostgresMcpToolCallStore } from "./mcp-tool-call-store";
import { createPostgresMeasurementStore } from "./measurement-store";
import { readPostgresMigrationStatus } from "./migration-status";
import { account, apikey, rateLimit, session, user, verification } from "./schema";

export type PostgresStore = Store & { readonly handle: PostgresHandle };

export type PostgresStoreOptions = {
  url: string;
  poolSize: number;
  /** How long COMMIT may go unanswered before a write's outcome is unknown (the tool deadline). */
  commitTimeoutMs: number;
};

/** Applies the migrations (under the advisory lock), then creates the store. */
export async function openPostgresStore(options: PostgresStoreOptions & { migrate?: boolean }): Promise<PostgresStore> {
  if (options.migrate !== false) await migratePostgres(options.url);
  return createPostgresStore(options);
}

/** The store over a pool that connects on first use; the server applies migrations at start (prepareServer). */
export function createPostgresStore(options: PostgresStoreOptions): PostgresStore {
  const handle = createPostgresHandle(options);
  const { db, pool } = handle;
  const writes = { db, pool, commitTimeoutMs: options.commitTimeoutMs };
  return {
    dialect: "postgres",
    handle,
    measurements: createPostgresMeasurementStore(writes),
    idempotency: createPostgresIdempotencyStore({ db, pool }),
    goals: createPostgresGoalStore(writes),
    conversations: createPostgresConversationStore(db),
    turns: createPostgresTurnStore(writes),
    toolCalls: createPostgresToolCallStore(db),
    mcpToolCalls: createPostgresMcpToolCallStore(db),
    accounts: createPostgresAccountStore(writes),
    quotas: createPostgresQuotaStore(db),
    faults: createPostgresFaultStore(writes),
    inspection: createPostgresInspectionStore({ db, pool }),
    migrationStatus: () => readPostgresMigrationStatus(pool),
    // Sign-up writes the user and its account together: on PostgreSQL the adapter's transactions are real ones.
    authDatabase: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit, apikey }, transaction: true }),
    close: async () => {
      await pool.end();
    },
  };
}
