// Import of another app's export on /measurements: the Web Worker reads an Apple Health export.zip as a stream
// (progress shown), the preview says what it merged, and the days land in the table; batches carry their own
// Idempotency-Key, so a batch whose answer was lost (QA lost_ack) is sent again and replays; a file without a unit
// is asked for one. Desktop and phone.
import { strToU8, zipSync } from "fflate";
import { appleHealthXml, fitbitWeightJson, withingsKgCsv } from "../tests/measurements/import/formats/format-fixtures";
import { expect, test } from "./coach-fixtures";

/** The fixture's records among a few megabytes of step counts, so that reading takes several chunks. */
function largeAppleHealthZip(): Buffer {
  const steps = Array.from(
    { length: 30_000 },
    (_, index) =>
      ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2024-04-01 10:${String(index % 60).padStart(2, "0")}:00 -0700" endDate="2024-04-01 10:59:00 -0700" value="${index % 97}"/>`,
  ).join("\n");
  const xml = appleHealthXml.replace("</HealthData>", `${steps}\n</HealthData>`);
  return Buffer.from(zipSync({ "apple_health_export/export.xml": strToU8(xml) }));
}

/** Every text the import's status line shows, kept by the page itself as it changes. */
async function recordStatusTexts(page: import("@playwright/test").Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importStatusTexts: string[] }).importStatusTexts = seen;
    const status = document.querySelector('[data-testid="import-status"]');
    if (status) new MutationObserver(() => seen.push(status.textContent ?? "")).observe(status, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { importStatusTexts: string[] }).importStatusTexts);
}

test("an Apple Health export.zip is read by the worker with progress, previewed with what it merged, and imported", async ({
  page,
  user,
  measurementsPage,
}, testInfo) => {
  void user;
  await measurementsPage.goto();
  await page.getByTestId("import-format").selectOption("apple-health");
  await page.getByTestId("import-file").setInputFiles({ name: "export.zip", mimeType: "application/zip", buffer: largeAppleHealthZip() });
  const statusTexts = await recordStatusTexts(page);
  await page.getByTestId("import-read").click();
  await expect(page.getByTestId("import-preview-counts")).toHaveText("New: 3 · To update: 0 · Already the same: 0 · Other values stored: 0");
  await expect(page.getByTestId("import-preview-readings")).toHaveText(
    "Readings found: 8 · counted once (the same reading from another source): 1 · days that merged several readings: 1",
  );
  expect((await statusTexts()).some((text) => /\d+\.\d MB read · \d+ readings found/.test(text))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("import-apple-health-preview-desktop.png"), fullPage: true });
  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("import-message")).toHaveText("Imported. New: 3 · Updated: 0 · Unchanged: 0");
  await expect(measurementsPage.value("2024-05-02", "weight_kg")).toHaveText("80.2");
  await expect(measurementsPage.value("2024-05-02", "body_fat_pct")).toHaveText("16.2");
  await expect(measurementsPage.value("2024-05-04", "waist_cm")).toHaveText("81.3");
});

test("a batch whose answer was lost is sent again with its own key and replays; nothing is stored twice", async ({ page, user, measurementsPage, qaPage }) => {
  void user;
  await measurementsPage.goto();
  await qaPage.armFrom({ mode: "lost_ack", target: "write", count: 1 });
  const sent: Array<{ key: string; status: number; replayed: string | null }> = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && request.url().includes("/api/v1/measurements/import") && !request.url().includes("dry_run")) {
      sent.push({ key: request.headers()["idempotency-key"] ?? "", status: response.status(), replayed: response.headers()["idempotent-replayed"] ?? null });
    }
  });
  await page.getByTestId("import-format").selectOption("withings");
  await page.getByTestId("import-file").setInputFiles({ name: "weight.csv", mimeType: "text/csv", buffer: Buffer.from(withingsKgCsv) });
  await page.getByTestId("import-read").click();
  await expect(page.getByTestId("import-preview-counts")).toHaveText("New: 2 · To update: 0 · Already the same: 0 · Other values stored: 0");
  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("import-message")).toHaveText("Imported. New: 2 · Updated: 0 · Unchanged: 0");
  expect(sent).toEqual([
    { key: expect.stringMatching(/.+/), status: 500, replayed: null },
    { key: sent[0]?.key, status: 200, replayed: "true" },
  ]);
  await page.reload();
  await expect(measurementsPage.rows).toHaveCount(2);
});

for (const [locale, viewport] of [
  ["en", { width: 1280, height: 800 }],
  ["es", { width: 390, height: 844 }],
] as const) {
  test(`a Fitbit file without a unit is asked for one, then imported (${locale}, ${viewport.width}px)`, async ({
    page,
    user,
    measurementsPage,
    baseURL,
  }, testInfo) => {
    void user;
    await page.setViewportSize(viewport);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL ?? "" }]);
    await measurementsPage.goto();
    await page.getByTestId("import-format").selectOption("fitbit");
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "weight-2024-05-02.json", mimeType: "application/json", buffer: Buffer.from(fitbitWeightJson) });
    await page.getByTestId("import-read").click();
    await expect(page.getByTestId("import-message")).toHaveText(
      locale === "en" ? "Choose the unit of the weights: the file does not say it." : "Elige la unidad de los pesos: el archivo no la indica.",
    );
    await page.getByTestId("import-unit").selectOption("lb");
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "weight-2024-05-02.json", mimeType: "application/json", buffer: Buffer.from(fitbitWeightJson) });
    await page.getByTestId("import-read").click();
    await expect(page.getByTestId("import-preview")).toBeVisible();
    await page.getByTestId("import-panel").screenshot({ path: testInfo.outputPath(`import-fitbit-${locale}-${viewport.width}.png`) });
    await page.getByTestId("import-confirm").click();
    await expect(measurementsPage.value("2024-05-02", "weight_kg")).toHaveText(locale === "es" ? "80,2" : "80.2");
  });
}
