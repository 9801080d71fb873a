// Import on /measurements: a file picked, its preview (new, to update, unchanged, conflicting dates), replace chosen,
// then imported; an invalid file lists every row's problem and imports nothing. Desktop and phone, en/es/pt.
import { daysAgo, expect, test } from "./fixtures";

const header = "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at";
const row = (date: string, weight: string, note = "") => `${date},${weight},,,,,,,,,,${note},2020-01-01T00:00:00.000Z`;
const file = (lines: string[]) => ({ name: "palestra-measurements.csv", mimeType: "text/csv", buffer: Buffer.from(`${[header, ...lines].join("\r\n")}\r\n`) });

test("a file is previewed, its conflict replaced on request, and imported into the table", async ({ page, user, measurementsPage, baseURL }, testInfo) => {
  void user;
  const [same, conflicting, fresh] = [daysAgo(5), daysAgo(4), daysAgo(3)];
  for (const [date, weight] of [
    [same, 80],
    [conflicting, 81],
  ] as const) {
    const response = await page.request.put(`/api/v1/measurements/${date}`, {
      data: { values: { weight_kg: weight } },
      headers: { origin: baseURL ?? "", "idempotency-key": `"seed-${date}"` },
    });
    expect(response.status()).toBe(201);
  }
  await measurementsPage.goto();
  await page.getByTestId("import-file").setInputFiles(file([row(same, "80"), row(conflicting, "82", "=new scale"), row(fresh, "83")]));
  await expect(page.getByTestId("import-preview-counts")).toHaveText("New: 1 · To update: 0 · Already the same: 1 · Other values stored: 1");
  await expect(page.getByTestId("import-conflicts")).toContainText("Weight 81 kg; in the file Weight 82 kg (“=new scale”)");
  await page.getByTestId("import-panel").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("import-preview-desktop.png"), fullPage: true });

  await page.getByTestId("import-replace").check();
  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("import-message")).toHaveText("Imported. New: 1 · Updated: 1 · Unchanged: 1");
  await expect(measurementsPage.value(conflicting, "weight_kg")).toHaveText("82");
  await expect(measurementsPage.cell(conflicting, "note")).toHaveText("=new scale");
  await expect(measurementsPage.value(fresh, "weight_kg")).toHaveText("83");
  await expect(measurementsPage.rows).toHaveCount(3);
});

test("an invalid file lists every row's problem and imports nothing", async ({ page, user, measurementsPage }, testInfo) => {
  void user;
  await measurementsPage.goto();
  await page.getByTestId("import-file").setInputFiles(file([row(daysAgo(3), "80"), row("2020-02-30", "80"), row(daysAgo(2), "900"), row(daysAgo(1), "heavy")]));
  const errors = page.getByTestId("import-errors");
  await expect(errors.locator("li")).toHaveCount(3);
  await expect(errors.locator("li").nth(0)).toContainText("Line 3:");
  await expect(errors.locator("li").nth(1)).toContainText("Line 4:");
  await expect(errors.locator("li").nth(2)).toContainText("heavy");
  await expect(page.getByTestId("import-confirm")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("import-errors-desktop.png"), fullPage: true });
  await expect(measurementsPage.emptyMessage).toBeVisible();

  await page.getByTestId("import-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("import-message")).toHaveText("Choose a .csv or .json file written by Export.");
});

for (const locale of ["en", "es", "pt"] as const) {
  test(`the import preview and its problems read well on a phone in ${locale}`, async ({ page, user, measurementsPage, baseURL }, testInfo) => {
    void user;
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL ?? "" }]);
    await page.setViewportSize({ width: 390, height: 844 });
    const stored = daysAgo(4);
    const response = await page.request.put(`/api/v1/measurements/${stored}`, {
      data: { values: { weight_kg: 81, waist_cm: 90 } },
      headers: { origin: baseURL ?? "", "idempotency-key": `"phone-${locale}"` },
    });
    expect(response.status()).toBe(201);
    await measurementsPage.goto();
    await page
      .getByTestId("import-file")
      .setInputFiles(file([row(stored, "82", "a much longer note that has to wrap on a phone screen"), row(daysAgo(3), "83")]));
    await expect(page.getByTestId("import-conflicts")).toBeVisible();
    await page.getByTestId("import-panel").scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "the page does not scroll sideways").toBeLessThanOrEqual(390);
    await page.getByTestId("import-panel").screenshot({ path: testInfo.outputPath(`import-preview-phone-${locale}.png`) });
    await page.getByTestId("import-file").setInputFiles(file([row("2020-02-30", "80")]));
    await expect(page.getByTestId("import-errors")).toBeVisible();
    await page.getByTestId("import-panel").screenshot({ path: testInfo.outputPath(`import-errors-phone-${locale}.png`) });
  });
}
