// The adapters the store contract suite runs against: one entry per adapter. A second adapter (PostgreSQL) adds an
// entry here and runs tests/store/ unchanged. Not a test file itself.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { user } from "@/db/sqlite/schema";
import type { Store } from "@/lib/store/store";

export type OpenedStore = {
  store: Store;
  /** Inserts an account (accounts are created by better-auth, which the port does not wrap). */
  createUser: (id: string) => Promise<void>;
  close: () => Promise<void>;
};

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
      close: async () => {
        await store.close();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

export const storeAdapters: readonly StoreAdapter[] = [sqlite];
