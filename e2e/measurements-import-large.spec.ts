// A Health Connect export larger than the body limit (PALESTRA_MAX_BODY_BYTES, 1 MiB here) imports through the page:
// the Web Worker reads its SQLite file itself and sends the days in batches, each well under the limit and under its
// own key, showing progress as it reads, checks and imports. Generated at test time: about 40 MB of database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeLargeHealthConnectExport } from "../tests/measurements/import/formats/format-fixtures";
import { expect, test } from "./coach-fixtures";

const BODY_LIMIT = 1024 * 1024;
const DAYS = 1000;
let folder = "";
let exported: ReturnType<typeof writeLargeHealthConnectExport>;

test.beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-e2e-health-connect-"));
  exported = writeLargeHealthConnectExport({ folder, days: DAYS, databaseBytes: 40_000_000 });
});
test.afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

test("a Health Connect export far over the body limit is read by the worker and imported in batches under it, with progress", async ({
  page,
  user,
  measurementsPage,
}, testInfo) => {
  test.setTimeout(180_000);
  void user;
  expect(fs.statSync(exported.file).size).toBeGreaterThan(20 * BODY_LIMIT);
  const posted: Array<{ bytes: number; key: string | undefined; dryRun: boolean }> = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/v1/measurements/import"))
      posted.push({ bytes: request.postDataBuffer()?.length ?? 0, key: request.headers()["idempotency-key"], dryRun: request.url().includes("dry_run=true") });
  });
  await measurementsPage.goto();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importStatusTexts: string[] }).importStatusTexts = seen;
    const status = document.querySelector('[data-testid="import-status"]');
    if (status) new MutationObserver(() => seen.push(status.textContent ?? "")).observe(status, { childList: true, subtree: true, characterData: true });
  });
  const statusTexts = () => page.evaluate(() => (window as unknown as { importStatusTexts: string[] }).importStatusTexts);
  await page.getByTestId("import-format").selectOption("health-connect");
  await page.getByTestId("import-file").setInputFiles(exported.file);
  await page.getByTestId("import-read").click();
  await expect(page.getByTestId("import-preview-counts")).toHaveText(`New: ${DAYS} · To update: 0 · Already the same: 0 · Other values stored: 0`, {
    timeout: 90_000,
  });
  await expect(page.getByTestId("import-preview-readings")).toHaveText(
    `Readings found: ${DAYS + DAYS / 10} · counted once (the same reading from another source): 0 · days that merged several readings: 0`,
  );
  const reading = await statusTexts();
  // Megabytes read climb while the worker reads (the file is read in many chunks), then each batch is checked.
  const megabytes = reading.flatMap((text) => /^([\d.]+) MB read/.exec(text)?.[1] ?? []).map(Number);
  expect(megabytes.length).toBeGreaterThan(1);
  expect(Math.max(...megabytes)).toBeGreaterThan(20);
  expect(reading).toContain("Checking part 1 of 5…");
  expect(reading).toContain("Checking part 5 of 5…");
  await page.getByTestId("import-panel").screenshot({ path: testInfo.outputPath("import-health-connect-large-preview.png") });

  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("import-message")).toHaveText(`Imported. New: ${DAYS} · Updated: 0 · Unchanged: 0`, { timeout: 60_000 });
  expect(await statusTexts()).toContain("Importing part 5 of 5…");
  // Ten requests (five checked, five imported), none near the limit; each import under a key of its own.
  expect(posted).toHaveLength(10);
  for (const request of posted) expect(request.bytes).toBeLessThanOrEqual(BODY_LIMIT / 2);
  const keys = posted.filter((request) => !request.dryRun).map((request) => request.key);
  expect(new Set(keys).size).toBe(5);
  expect(keys.every((key) => key !== undefined)).toBe(true);

  const stored = (await (await page.request.get("/measurements/export?format=json")).json()) as {
    records: Array<{ date: string; values: Record<string, number>; provenance?: Record<string, { source: string }> }>;
  };
  expect(stored.records).toHaveLength(DAYS);
  const byDate = new Map(stored.records.map((record) => [record.date, record]));
  for (const weight of [exported.weights[0], exported.weights[DAYS / 2], exported.weights[DAYS - 1]]) {
    expect(byDate.get(weight?.date ?? "")?.values.weight_kg).toBe(weight?.kilograms);
    expect(byDate.get(weight?.date ?? "")?.provenance?.weight_kg?.source).toBe("health-connect:Withings");
  }
  // The worker's staging copy of the database is gone from the origin's private file system.
  const staged = await page.evaluate(async () => {
    const names: string[] = [];
    const root = (await navigator.storage.getDirectory()) as FileSystemDirectoryHandle & { keys(): AsyncIterable<string> };
    for await (const name of root.keys()) names.push(name);
    return names;
  });
  expect(staged.filter((name) => name.startsWith("palestra-import-"))).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("import-health-connect-large-done.png") });
});
