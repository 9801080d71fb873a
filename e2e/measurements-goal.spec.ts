// /measurements: the weight chart draws get_trend's trend line (restarted after a long gap), and the goal form sets,
// changes and removes the weight goal by keyboard alone, the headline's goal and its date (or the reason there is none)
// following each save.
import { randomUUID } from "node:crypto";
import { viewports } from "./every-page";
import { daysAgo, expect, test } from "./fixtures";

/** Eight weigh-ins over 14 days, going down, and one 40 days ago: a gap of more than 14 days restarts the trend. */
const weighIns = [
  { date: daysAgo(40), weight_kg: 84 },
  ...[15, 13, 11, 9, 7, 5, 3, 1].map((days, index) => ({ date: daysAgo(days), weight_kg: 81 - index * 0.3 })),
];

test("the goal form sets, changes and removes the weight goal by keyboard, and the headline follows", async ({ page, user, baseURL, measurementsPage }) => {
  void user;
  for (const { date, weight_kg } of weighIns) {
    const response = await page.request.put(`/api/v1/measurements/${date}`, {
      data: { values: { weight_kg } },
      headers: { origin: baseURL ?? "", "idempotency-key": randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await measurementsPage.goto();

  // The trend line: one point per weigh-in of the range, in two segments; a dot for each weigh-in.
  const line = measurementsPage.trendLine("weight_kg");
  await expect(line).toHaveAttribute("data-points", String(weighIns.length));
  await expect(line).toHaveAttribute("data-segments", "2");
  expect(((await line.getAttribute("d")) ?? "").match(/M/g)).toHaveLength(2);
  await expect(measurementsPage.chart("weight_kg").locator("circle.chart-dot")).toHaveCount(weighIns.length);
  await expect(measurementsPage.chart("weight_kg").locator(".chart-area")).toHaveAttribute(
    "aria-label",
    /The trend line goes from 84 to 79\.\d kg\. It restarts after each gap of more than 14 days/,
  );

  await expect(measurementsPage.headlineGoal).toHaveText("No goal set.");
  const form = measurementsPage.goalForm;
  // The headline states the weight goal; the form does not say it a second time.
  await expect(form.getByTestId("goal-current")).toHaveCount(0);
  const key = form.getByTestId("goal-idempotency-key");
  const firstKey = await key.inputValue();

  // Keyboard only: the field picker, Tab to the target, type, Enter.
  await form.getByLabel("Measurement").focus();
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Target (kg)")).toBeFocused();
  await page.keyboard.type("500");
  await page.keyboard.press("Enter");
  await expect(measurementsPage.goalStatus("error")).toHaveText("Weight: enter a number from 20 to 400 kg, with at most one decimal. You entered “500”.");
  await expect(form.getByLabel("Target (kg)")).toHaveAttribute("aria-invalid", "true");
  // Nothing was sent to the write: the key stays for the corrected form.
  await expect(key).toHaveValue(firstKey);

  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("78");
  await page.keyboard.press("Enter");
  await expect(measurementsPage.goalStatus("success")).toHaveText("Saved the goal for weight: 78 kg.");
  await expect(measurementsPage.headlineGoal).toHaveText(/^Goal 78 kg: reached around \d{1,2} \w+ \d{4} at this rate$/);
  await expect(form.getByTestId("goal-current")).toHaveCount(0);
  // Another field's goal is said under the form's target, and described by it.
  await form.getByLabel("Measurement").selectOption("waist_cm");
  await expect(form.getByTestId("goal-current")).toHaveText("No goal set for this measurement.");
  await expect(form.getByLabel("Target (cm)")).toHaveAttribute("aria-describedby", "goal-current");
  await form.getByLabel("Measurement").selectOption("weight_kg");
  await expect(form.getByLabel("Target (kg)")).toHaveValue("78");
  await expect(form.getByLabel("Target (kg)")).not.toHaveAttribute("aria-describedby");
  await expect(key).not.toHaveValue(firstKey);

  // Changing it to a target the trend moves away from: the headline gives the reason instead of a date.
  await form.getByLabel("Target (kg)").focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("85,5");
  await page.keyboard.press("Enter");
  await expect(measurementsPage.headlineGoal).toHaveText("Goal 85.5 kg: the trend is moving away from it");

  // Remove: Tab past Save to Remove, Enter.
  await form.getByLabel("Target (kg)").focus();
  await page.keyboard.press("Tab");
  await expect(form.getByTestId("goal-save")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByTestId("goal-remove")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(measurementsPage.goalStatus("success")).toHaveText("Removed the goal for weight.");
  await expect(measurementsPage.headlineGoal).toHaveText("No goal set.");
  await expect(form.getByTestId("goal-remove")).toHaveCount(0);

  // The goal went through set_goal's keyed write: the API's trend sees the same (no) goal.
  const trend = await page.request.get("/api/v1/trend?field=weight_kg");
  expect((await trend.json()).goal).toBeNull();
});

test("a double-submitted goal is written once, and the form fits a phone", async ({ page, user, measurementsPage, accountPage }) => {
  void user;
  await page.setViewportSize(viewports.phone);
  await measurementsPage.goto();
  const form = measurementsPage.goalForm;
  const key = await form.getByTestId("goal-idempotency-key").inputValue();
  await form.getByLabel("Target (kg)").fill("72.5");
  await form.getByTestId("goal-save").dblclick();
  await expect(measurementsPage.goalStatus("success")).toHaveText("Saved the goal for weight: 72.5 kg.");
  await expect(measurementsPage.headlineGoal).toHaveText("Goal 72.5 kg: no date until there is a weekly rate");
  for (const element of [form.getByLabel("Measurement"), form.getByLabel("Target (kg)"), form.getByTestId("goal-save"), form.getByTestId("goal-remove")]) {
    const box = await element.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.phone.width);
  }

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "set_goal", isError: false })]);
});
