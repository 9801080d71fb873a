// npm run backup against the running server while keyed writes pour in, then npm run restore of that file elsewhere:
// integrity_check is ok and every write acknowledged before the backup started is in the copy, with its value.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, putMeasurement, test } from "./api-fixtures";
import { runOperatorCommand } from "../operator-commands";

type Acknowledged = { date: string; weight: number; at: number };

const WRITERS = 4;
const dateOf = (index: number) => new Date(Date.UTC(2000, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);

test("a backup taken under a load of keyed writes restores elsewhere with every write acknowledged before it began", async ({ signUp }, testInfo) => {
  const user = await signUp("backup-load");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-backup-e2e-"));
  const acknowledged: Acknowledged[] = [];
  let next = 0;
  let running = true;
  const writer = async () => {
    while (running) {
      const index = next++;
      const date = dateOf(index);
      const weight = 50 + (index % 3000) / 10;
      const response = await putMeasurement(user.bearer, { date, key: `"load-${index}"`, body: { values: { weight_kg: weight } } });
      expect(response.status()).toBe(201);
      acknowledged.push({ date, weight, at: Date.now() });
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  try {
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
    const backupStartedAt = Date.now();
    const backup = await runOperatorCommand("backup", [path.join(folder, "backup.db")]);
    const backupEndedAt = Date.now();
    expect(backup.exitCode, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/integrity_check ok/);
    const duringBackup = acknowledged.filter((write) => write.at >= backupStartedAt && write.at <= backupEndedAt).length;
    running = false;
    await Promise.all(writers);

    const restoredPath = path.join(folder, "elsewhere", "palestra.db");
    const restore = await runOperatorCommand("restore", [path.join(folder, "backup.db")], { databasePath: restoredPath });
    expect(restore.exitCode, restore.stderr).toBe(0);
    const restored = new Database(restoredPath, { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      const rows = restored
        .prepare("SELECT m.date AS date, m.weight_kg AS weight FROM measurement m JOIN user u ON u.id = m.user_id WHERE u.email = ?")
        .all(user.credentials.email) as Array<{ date: string; weight: number }>;
      const inCopy = new Map(rows.map((row) => [row.date, row.weight]));
      const before = acknowledged.filter((write) => write.at < backupStartedAt);
      const missing = before.filter((write) => inCopy.get(write.date) !== write.weight);
      expect(missing).toEqual([]);
      const figures = `writes acknowledged before the backup: ${before.length}; during it (${backupEndedAt - backupStartedAt} ms): ${duringBackup}; total: ${acknowledged.length}; in the copy: ${rows.length}`;
      testInfo.annotations.push({ type: "figures", description: figures });
      console.log(figures);
      expect(rows.length).toBeGreaterThanOrEqual(before.length);
      expect(rows.length).toBeLessThanOrEqual(acknowledged.length);
    } finally {
      restored.close();
    }
  } finally {
    running = false;
    await Promise.allSettled(writers);
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
