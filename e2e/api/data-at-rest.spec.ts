// What a local reader of the data folder can do with it: nothing. The running server's folder is 0700 and its database,
// WAL, SHM and .auth-secret 0600, as are a backup and a restored database; a session token read from the database is
// refused as a bearer and as a cookie, while the signed token the person holds works.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, putMeasurement, test } from "./api-fixtures";
import { runOperatorCommand } from "../operator-commands";
import { servers } from "../servers";

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

test("the running server's data folder is 0700 and its database, WAL, SHM and secret 0600; a backup and a restore are 0600 too", async ({ signUp }) => {
  const user = await signUp("modes");
  // A write, so the WAL holds something.
  expect((await putMeasurement(user.bearer, { date: "2021-03-04", key: '"modes-1"', body: { values: { weight_kg: 70 } } })).status()).toBe(201);
  const database = servers.appDatabasePath;
  const folder = path.dirname(database);
  expect(modeOf(folder)).toBe("700");
  const files = [database, `${database}-wal`, `${database}-shm`, path.join(folder, ".auth-secret")];
  expect(Object.fromEntries(files.map((file) => [path.basename(file), modeOf(file)]))).toEqual({
    "palestra.db": "600",
    "palestra.db-wal": "600",
    "palestra.db-shm": "600",
    ".auth-secret": "600",
  });

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-modes-e2e-"));
  try {
    const backupFile = path.join(scratch, "backups", "copy.db");
    const backup = await runOperatorCommand("backup", [backupFile]);
    expect(backup.exitCode, backup.stderr).toBe(0);
    expect([modeOf(path.dirname(backupFile)), modeOf(backupFile)]).toEqual(["700", "600"]);
    const restored = path.join(scratch, "elsewhere", "palestra.db");
    const restore = await runOperatorCommand("restore", [backupFile], { databasePath: restored });
    expect(restore.exitCode, restore.stderr).toBe(0);
    expect([modeOf(path.dirname(restored)), modeOf(restored)]).toEqual(["700", "600"]);
    for (const leftover of [`${restored}-wal`, `${restored}-shm`]) if (fs.existsSync(leftover)) expect(modeOf(leftover)).toBe("600");
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test("a session token read from the database is refused as a bearer and as a cookie; the signed one works", async ({ signUp, playwright, baseURL }) => {
  const user = await signUp("stolen-file");
  const reader = new Database(servers.appDatabasePath, { readonly: true, fileMustExist: true });
  let stored: string[];
  try {
    stored = (
      reader.prepare('SELECT s.token AS token FROM session s JOIN "user" u ON u.id = s.user_id WHERE u.email = ?').all(user.credentials.email) as Array<{
        token: string;
      }>
    ).map((row) => row.token);
  } finally {
    reader.close();
  }
  expect(stored.length).toBeGreaterThan(0);
  // The person's own token is the stored one plus its signature.
  expect(stored.some((token) => user.token.startsWith(`${token}.`))).toBe(true);
  expect((await user.bearer.get("/api/v1/conversations")).status()).toBe(200);
  for (const token of stored) {
    const asBearer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    const asCookie = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `better-auth.session_token=${token}` } });
    try {
      expect((await asBearer.get("/api/v1/conversations")).status()).toBe(401);
      expect((await asCookie.get("/api/v1/conversations")).status()).toBe(401);
      expect(await (await asBearer.get("/api/auth/get-session")).json()).toBeNull();
    } finally {
      await asBearer.dispose();
      await asCookie.dispose();
    }
  }
});
