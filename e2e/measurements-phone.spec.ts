// /measurements on a phone: every record's values are readable without sideways scrolling (one card per day).
import { randomUUID } from "node:crypto";
import { viewports } from "./every-page";
import { daysAgo, expect, test } from "./fixtures";

const records = [
  {
    date: daysAgo(1),
    values: { weight_kg: 81.4, body_fat_pct: 21.3, neck_cm: 38.5, chest_cm: 101.2, waist_cm: 88.1, hips_cm: 99.4, biceps_cm: 34.6 },
    note: "Slept badly before this one",
  },
  { date: daysAgo(3), values: { weight_kg: 82.2, quadriceps_cm: 58.3, calf_cm: 38.9, height_cm: 178 } },
  { date: daysAgo(5), values: { waist_cm: 89.7 } },
];

test("at 390x844 each seeded value is visible in the viewport with no sideways scrolling", async ({ page, user, baseURL, measurementsPage }, testInfo) => {
  void user;
  for (const record of records) {
    const response = await page.request.put(`/api/v1/measurements/${record.date}`, {
      data: { values: record.values, ...(record.note ? { note: record.note } : {}) },
      headers: { origin: baseURL ?? "", "idempotency-key": randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.setViewportSize(viewports.phone);
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(records.length);

  const region = page.locator(".table-scroll");
  for (const record of records) {
    const cells = Object.entries(record.values).map(([field, value]) => ({ field, text: String(value) }));
    if (record.note) cells.push({ field: "note", text: record.note });
    for (const { field, text } of cells) {
      const cell = measurementsPage.cell(record.date, field);
      await expect(cell).toContainText(text);
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport({ ratio: 1 });
      const box = await cell.boundingBox();
      expect(box, field).not.toBeNull();
      expect(box!.x, `${record.date} ${field}`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${record.date} ${field}`).toBeLessThanOrEqual(viewports.phone.width);
    }
  }
  // Nothing was reached by scrolling sideways: neither the records nor the page overflow.
  expect(await region.evaluate((element) => ({ left: element.scrollLeft, overflow: element.scrollWidth - element.clientWidth }))).toEqual({
    left: 0,
    overflow: 0,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  // Each value carries its label on the card: the field and unit are read from the layout, not from a header far away.
  const label = await measurementsPage.cell(daysAgo(1), "waist_cm").evaluate((element) => getComputedStyle(element, "::before").content);
  expect(label).toBe('"Waist (cm)"');
  await measurementsPage.table.screenshot({ path: testInfo.outputPath("measurements-cards-phone.png") });

  // On a desktop it stays a table: the labels are the column headers.
  await page.setViewportSize(viewports.desktop);
  await expect(measurementsPage.table.locator("thead th").first()).toBeVisible();
  expect(await measurementsPage.cell(daysAgo(1), "waist_cm").evaluate((element) => getComputedStyle(element, "::before").content)).toBe("none");
  await page.screenshot({ path: testInfo.outputPath("measurements-table-desktop.png"), fullPage: true });
});
