// Import through the page of the formats the other specs do not drive: an openScale CSV (0.0 is empty), a plain CSV
// whose columns are mapped and whose day/month order is asked when its dates read both ways, and a Health Connect
// export (grams, zone offsets, the source app). Each checks the stored values and where each came from, as the
// records table shows it under the value.
import { healthConnectZip, mappedCsv, openScaleCsv } from "../tests/measurements/import/formats/format-fixtures";
import { expect, test } from "./coach-fixtures";

test("an openScale CSV imports through the page; its 0.0 cells stay empty and each value says it came from openScale", async ({
  page,
  user,
  measurementsPage,
}) => {
  void user;
  await measurementsPage.goto();
  await page.getByTestId("import-format").selectOption("openscale");
  await page.getByTestId("import-file").setInputFiles({ name: "openScale.csv", mimeType: "text/csv", buffer: Buffer.from(openScaleCsv) });
  await page.getByTestId("import-read").click();
  await expect(page.getByTestId("import-preview-counts")).toHaveText("New: 2 · To update: 0 · Already the same: 0 · Other values stored: 0");
  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("import-message")).toHaveText("Imported. New: 2 · Updated: 0 · Unchanged: 0");
  await expect(measurementsPage.value("2024-05-02", "weight_kg")).toHaveText("80.2");
  await expect(measurementsPage.value("2024-05-02", "body_fat_pct")).toHaveText("16.2");
  await expect(measurementsPage.value("2024-05-03", "waist_cm")).toHaveText("88.5");
  await expect(measurementsPage.value("2024-05-03", "body_fat_pct")).toHaveCount(0);
  await expect(measurementsPage.provenance("2024-05-02", "weight_kg")).toHaveText("from openScale");
  await expect(measurementsPage.provenance("2024-05-03", "waist_cm")).toHaveText("from openScale");
});

test("a mapped CSV whose dates read both ways is asked its day/month order, then imports as that order", async ({ page, user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  // 02/05/2024 and 03/05/2024: 2 May or 5 February; nothing in the file settles it.
  const file = { name: "weights.csv", mimeType: "text/csv", buffer: Buffer.from(mappedCsv(["02/05/2024", "03/05/2024"])) };
  await page.getByTestId("import-format").selectOption("csv");
  await page.getByTestId("import-file").setInputFiles(file);
  await page.getByTestId("import-unit").selectOption("kg");
  await page.getByTestId("import-date-column").selectOption("Day");
  await page.getByTestId("import-weight-column").selectOption("Body weight");
  await page.getByTestId("import-read").click();
  await expect(page.getByTestId("import-errors")).toContainText("Dates such as 02/05/2024 could be day/month or month/day. Choose the order the file uses.");
  await page.getByTestId("import-date-order").selectOption("dmy");
  await page.getByTestId("import-read").click();
  await expect(page.getByTestId("import-preview-counts")).toHaveText("New: 2 · To update: 0 · Already the same: 0 · Other values stored: 0");
  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("import-message")).toHaveText("Imported. New: 2 · Updated: 0 · Unchanged: 0");
  await expect(measurementsPage.value("2024-05-02", "weight_kg")).toHaveText("80");
  await expect(measurementsPage.value("2024-05-03", "weight_kg")).toHaveText("80.1");
  await expect(measurementsPage.row("2024-02-05")).toHaveCount(0);
  await expect(measurementsPage.provenance("2024-05-03", "weight_kg")).toHaveText("from a CSV file");
});

for (const [locale, viewport] of [
  ["en", { width: 1280, height: 800 }],
  ["pt", { width: 390, height: 844 }],
] as const) {
  test(`a Health Connect export imports through the page, in grams from its source app (${locale}, ${viewport.width}px)`, async ({
    page,
    user,
    measurementsPage,
    baseURL,
  }, testInfo) => {
    void user;
    await page.setViewportSize(viewport);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL ?? "" }]);
    await measurementsPage.goto();
    await page.getByTestId("import-format").selectOption("health-connect");
    await page.getByTestId("import-file").setInputFiles({ name: "Health Connect.zip", mimeType: "application/zip", buffer: Buffer.from(healthConnectZip()) });
    await page.getByTestId("import-read").click();
    await expect(page.getByTestId("import-preview")).toBeVisible();
    await page.getByTestId("import-confirm").click();
    await expect(measurementsPage.rows).toHaveCount(3);
    // 80 200 g from Withings and 80 230 g from Renpho a minute apart: one weigh-in, counted once (the first kept).
    await expect(measurementsPage.value("2024-05-02", "weight_kg")).toHaveText(locale === "pt" ? "80,2" : "80.2");
    await expect(measurementsPage.value("2024-05-02", "body_fat_pct")).toHaveText(locale === "pt" ? "16,2" : "16.2");
    // 23:30 at +14:00 is still 3 May there; 00:30 at −12:00 is 4 May there.
    await expect(measurementsPage.value("2024-05-03", "weight_kg")).toHaveText(locale === "pt" ? "79,9" : "79.9");
    await expect(measurementsPage.value("2024-05-04", "weight_kg")).toHaveText(locale === "pt" ? "79,7" : "79.7");
    await expect(measurementsPage.provenance("2024-05-02", "weight_kg")).toHaveText(
      locale === "pt" ? "via Health Connect (Withings) · 80.200 g" : "from Health Connect (Withings) · 80,200 g",
    );
    await expect(measurementsPage.provenance("2024-05-04", "weight_kg")).toHaveText(
      locale === "pt" ? "via Health Connect (Renpho) · 79.700 g" : "from Health Connect (Renpho) · 79,700 g",
    );
    const provenance = measurementsPage.provenance("2024-05-02", "weight_kg");
    await provenance.scrollIntoViewIfNeeded();
    await expect(provenance).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await measurementsPage.table.screenshot({ path: testInfo.outputPath(`import-health-connect-${locale}-${viewport.width}.png`) });
  });
}
