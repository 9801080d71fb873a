// A real SQLite file in its own temporary directory, with migrations applied, removed again by `remove()`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSqliteStore, type SqliteStore } from "@/db/sqlite/create-sqlite-store";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";

export type TemporaryDatabase = {
  handle: DatabaseHandle;
  /** The port over `handle`. */
  store: SqliteStore;
  directory: string;
  file: string;
  /** Opens another connection to the same file (another "process" view of the data). */
  reopen: () => DatabaseHandle;
  remove: () => void;
};

export function openTemporaryDatabase(prefix = "palestra-test-"): TemporaryDatabase {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(directory, "palestra.db");
  const opened: DatabaseHandle[] = [];
  const open = () => {
    const handle = openDatabase(file);
    opened.push(handle);
    return handle;
  };
  const handle = open();
  return {
    handle,
    store: createSqliteStore(handle),
    directory,
    file,
    reopen: open,
    remove: () => {
      for (const each of opened) if (each.sqlite.open) each.sqlite.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
