// The database's folder is created 0700 and its files are 0600: the database with its WAL and SHM when opened (older
// files included), a backup, and a restored database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/sqlite/open-database";
import { backupDatabaseFile, copyBackupOver } from "@/db/sqlite/sqlite-backup";

let root: string;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-modes-"));
  // A permissive umask, so only the code's own modes can make the files private.
  process.umask(0o022);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("database files", () => {
  it("creates the data folder 0700 and the database, its -wal and -shm 0600", () => {
    const file = path.join(root, "data", "palestra.db");
    const handle = openDatabase(file);
    try {
      handle.sqlite.exec("CREATE TABLE probe (value TEXT); INSERT INTO probe VALUES ('x');");
      expect(modeOf(path.join(root, "data"))).toBe(0o700);
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    } finally {
      handle.sqlite.close();
    }
  });

  it("makes a database left world-readable by an older version 0600 when it opens it", () => {
    const file = path.join(root, "palestra.db");
    openDatabase(file).sqlite.close();
    for (const candidate of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(candidate)) fs.chmodSync(candidate, 0o644);
    const handle = openDatabase(file);
    try {
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    } finally {
      handle.sqlite.close();
    }
  });

  it("writes a backup 0600 (in a new folder 0700) and restores over a database as 0600", async () => {
    const live = path.join(root, "palestra.db");
    const handle = openDatabase(live);
    const backup = path.join(root, "backups", "copy.db");
    try {
      await backupDatabaseFile({ source: live, destination: backup });
    } finally {
      handle.sqlite.close();
    }
    expect(modeOf(backup)).toBe(0o600);
    expect(modeOf(path.dirname(backup))).toBe(0o700);
    const target = path.join(root, "elsewhere", "palestra.db");
    await copyBackupOver({ backup, target });
    expect(modeOf(target)).toBe(0o600);
    expect(modeOf(path.dirname(target))).toBe(0o700);
  });
});
