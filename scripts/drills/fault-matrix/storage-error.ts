// SQLite errors as better-sqlite3 raises them (class SqliteError, extended code), for failures the drill cannot provoke for real.
import Database from "better-sqlite3";

export const injectedCodes = ["SQLITE_BUSY", "SQLITE_FULL", "SQLITE_IOERR_WRITE"] as const;
export type InjectedCode = (typeof injectedCodes)[number];

/** SQLite's own wording for each code: the leak scan checks that none of it reaches an outcome. */
export const sqliteMessages: Record<InjectedCode, string> = {
  SQLITE_BUSY: "database is locked",
  SQLITE_FULL: "database or disk is full",
  SQLITE_IOERR_WRITE: "disk I/O error",
};

export function createStorageError(code: InjectedCode): Error {
  return new Database.SqliteError(sqliteMessages[code], code);
}
