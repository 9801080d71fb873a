// The charts open on what the data spans: a week of records fills the axis instead of a corner of 90 days, and the
// range buttons still change it by keyboard.
import { randomUUID } from "node:crypto";
import { daysAgo, expect, test } from "./fixtures";

const cxPercent = async (dot: import("@playwright/test").Locator) => Number.parseFloat((await dot.getAttribute("cx")) ?? "NaN");

test("a week of weights opens on All, spread across the chart; 90 days then puts them at its right end", async ({ page, user, baseURL }) => {
  void user;
  for (const [ago, kg] of [
    [8, 80.4],
    [5, 80.1],
    [2, 79.8],
  ] as const) {
    const response = await page.request.put(`/api/v1/measurements/${daysAgo(ago)}`, {
      data: { values: { weight_kg: kg } },
      headers: { origin: baseURL ?? "", "idempotency-key": randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/measurements");
  const chart = page.getByTestId("measurement-chart-weight_kg");
  const dots = chart.locator("circle.chart-dot");
  await expect(dots).toHaveCount(3);
  await expect(page.getByTestId("chart-range-all")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("chart-range-90")).toHaveAttribute("aria-pressed", "false");
  expect(await cxPercent(dots.first())).toBeLessThan(10);
  expect(await cxPercent(dots.last())).toBeGreaterThan(60);

  await page.getByTestId("chart-range-90").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chart-range-90")).toHaveAttribute("aria-pressed", "true");
  expect(await cxPercent(dots.first())).toBeGreaterThan(85);
});
