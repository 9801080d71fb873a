// Delete → Undo by keyboard: the notice and its Undo appear at the deleted row's place, focus stays there, and the
// page's live region announces what happened; at a phone's and a desktop's size.
import { randomUUID } from "node:crypto";
import { displayDate } from "./display-date";
import { viewports } from "./every-page";
import { daysAgo, expect, test } from "./fixtures";

for (const [size, viewport] of Object.entries(viewports)) {
  test(`at ${size} size, delete and undo by keyboard happen at the row, keep focus there and are announced`, async ({
    page,
    user,
    baseURL,
    measurementsPage,
  }, testInfo) => {
    void user;
    await page.setViewportSize(viewport);
    const dates = [daysAgo(2), daysAgo(4), daysAgo(6), daysAgo(8), daysAgo(10), daysAgo(12), daysAgo(14)];
    for (const [index, date] of dates.entries()) {
      const response = await page.request.put(`/api/v1/measurements/${date}`, {
        data: { values: { weight_kg: 80 + index, waist_cm: 90 + index } },
        headers: { origin: baseURL ?? "", "idempotency-key": randomUUID() },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await measurementsPage.goto();
    await expect(measurementsPage.rows).toHaveCount(dates.length);
    const target = dates[5] as string;

    await page.getByTestId(`measurement-delete-${target}`).focus();
    await page.keyboard.press("Enter");
    await expect(measurementsPage.confirmDeleteButton).toBeFocused();
    await page.keyboard.press("Enter");

    const noticeRow = page.getByTestId("measurement-row-notice");
    await expect(noticeRow).toContainText(`Deleted the measurement for ${displayDate(target)}.`);
    await expect(measurementsPage.undoButton).toBeFocused();
    await expect(measurementsPage.undoButton).toBeInViewport({ ratio: 1 });
    await expect(measurementsPage.row(target)).toHaveCount(0);
    // At the deleted row's place: between the rows that were above and below it.
    const order = await measurementsPage.table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid")));
    expect(order.slice(4, 7)).toEqual([`measurement-row-${dates[4]}`, "measurement-row-notice", `measurement-row-${dates[6]}`]);
    // Announced by the page's live region (present before the change, so screen readers speak it).
    await expect(measurementsPage.notice).toHaveAttribute("role", "status");
    await expect(measurementsPage.notice).toHaveText(`Deleted the measurement for ${displayDate(target)}.`);
    await page.screenshot({ path: testInfo.outputPath(`undo-${size}.png`) });

    await page.keyboard.press("Enter");
    await expect(measurementsPage.notice).toHaveText(`Restored the measurement for ${displayDate(target)}.`);
    await expect(measurementsPage.value(target, "weight_kg")).toHaveText("85");
    await expect(noticeRow).toContainText(`Restored the measurement for ${displayDate(target)}.`);
    // Focus is back on the restored row, on the control the person used.
    await expect(page.getByTestId(`measurement-delete-${target}`)).toBeFocused();
    await expect(page.getByTestId(`measurement-delete-${target}`)).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`restored-${size}.png`) });
  });
}
