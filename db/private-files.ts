// The database holds every person's data and their sessions: its folder is created 0700 and its files are 0600,
// readable by the account the server runs as and nobody else. SQLite gives a new -wal, -shm or -journal the mode of its
// database file, so making the database file 0600 before SQLite first opens it covers those too.
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and any missing parent) 0700; an existing folder is left as its owner set it. */
export function createPrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Creates the file empty and 0600 when missing (an empty file is a valid empty SQLite database). */
export function createPrivateFile(file: string): void {
  createPrivateFolder(path.dirname(path.resolve(file)));
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
}

/** Sets 0600 on a database file and on its -wal, -shm and -journal when they exist (files older than this rule). */
export function restrictDatabaseFiles(file: string): void {
  for (const candidate of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(candidate, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as { code?: string }).code !== "ENOENT") throw error;
    }
  }
}
