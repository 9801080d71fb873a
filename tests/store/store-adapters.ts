// The adapters the store contract suite runs against: one entry per adapter. A second adapter (PostgreSQL) adds an
// entry here and runs tests/store/ unchanged. Not a test file itself.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresStore } from "@/db/postgres/create-postgres-store";
import { session as postgresSession, user as postgresUser } from "@/db/postgres/schema";
import { openSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { session, user } from "@/db/sqlite/schema";
import { eq } from "drizzle-orm";
import type { Store } from "@/lib/store/store";
import { createTestDatabase } from "@/tests/support/shared-postgres";

export type OpenedStore = {
  store: Store;
  /** Inserts an account (accounts are created by better-auth, which the port does not wrap). */
  createUser: (id: string) => Promise<void>;
  /** Inserts a session row (better-auth writes them in the app) and sets the account's flags it is read with. */
  createSession: (options: SessionFixture) => Promise<void>;
  close: () => Promise<void>;
};

export type SessionFixture = { userId: string; token: string; expiresAt: Date; passwordChangeRequired?: boolean; banned?: boolean };

export type StoreAdapter = { name: string; open: () => Promise<OpenedStore> };

const sqlite: StoreAdapter = {
  name: "sqlite",
  open: async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-store-"));
    const store = openSqliteStore(path.join(directory, "store.db"));
    return {
      store,
      createUser: async (id) => {
        store.handle.db
          .insert(user)
          .values({ id, name: `User ${id}`, email: `${id}@store.test` })
          .run();
      },
      createSession: async ({ userId, token, expiresAt, passwordChangeRequired = false, banned = false }) => {
        store.handle.db.update(user).set({ passwordChangeRequired, banned }).where(eq(user.id, userId)).run();
        store.handle.db
          .insert(session)
          .values({ id: `session-${token}`, userId, token, expiresAt })
          .run();
      },
      close: async () => {
        await store.close();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

const postgres: StoreAdapter = {
  name: "postgres",
  open: async () => {
    // A fresh database per call, copied from the run's migrated template (tests/support/shared-postgres.ts).
    const database = await createTestDatabase({ migrated: true });
    const store = createPostgresStore({ url: database.url, poolSize: 4, commitTimeoutMs: 5_000 });
    return {
      store,
      createUser: async (id) => {
        await store.handle.db.insert(postgresUser).values({ id, name: `User ${id}`, email: `${id}@store.test` });
      },
      createSession: async ({ userId, token, expiresAt, passwordChangeRequired = false, banned = false }) => {
        await store.handle.db.update(postgresUser).set({ passwordChangeRequired, banned }).where(eq(postgresUser.id, userId));
        await store.handle.db.insert(postgresSession).values({ id: `session-${token}`, userId, token, expiresAt });
      },
      close: async () => {
        await store.close();
        await database.drop();
      },
    };
  },
};

export const storeAdapters: readonly StoreAdapter[] = [sqlite, postgres];
