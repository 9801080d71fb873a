// The unit preference: chosen on /account, then every value is shown and typed in pounds and inches, while storage
// and the HTTP API stay metric and the export adds display columns.
import { displayDate } from "./display-date";
import { daysAgo, expect, test } from "./fixtures";

test("imperial units: typed in lb and in, stored metric, shown in lb and in, exported with display columns", async ({
  page,
  user,
  accountPage,
  measurementsPage,
}) => {
  void user;
  await accountPage.goto();
  await page.getByTestId("units-imperial").check();
  await page.getByTestId("units-submit").click();
  await expect(page.getByTestId("units-status")).toHaveText("Saved: values are now shown in pounds and inches.");

  await measurementsPage.goto();
  await expect(measurementsPage.addForm.getByText("(lb)")).toBeVisible();
  const date = daysAgo(3);
  await measurementsPage.add({ date, values: { weight_kg: "170", waist_cm: "32,3" } });
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toHaveText(`Saved the measurement for ${displayDate(date)}.`);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("170");
  await expect(measurementsPage.value(date, "waist_cm")).toHaveText("32.3");
  await expect(measurementsPage.table.locator("thead")).toContainText("Weight (lb)");
  await expect(measurementsPage.chart("weight_kg").getByRole("heading")).toHaveText("Weight (lb)");

  // Stored exactly in metric: 170 lb is 77.1 kg, 32.3 in is 82.0 cm; the API answers metric.
  const stored = await page.request.get(`/api/v1/measurements/${date}`);
  expect(((await stored.json()) as { values: unknown }).values).toEqual({ weight_kg: 77.1, waist_cm: 82 });

  // An edit that leaves the waist alone keeps 82.0 cm (shown as 32.3 in, which is 82.04 cm) instead of converting back.
  await measurementsPage.startEditing(date);
  await measurementsPage.fill(measurementsPage.editForm, { values: { weight_kg: "171" } });
  await measurementsPage.submit(measurementsPage.editForm);
  await expect(measurementsPage.notice).toHaveText(`Updated the measurement for ${displayDate(date)}.`);
  const edited = await page.request.get(`/api/v1/measurements/${date}`);
  expect(((await edited.json()) as { values: unknown }).values).toEqual({ weight_kg: 77.6, waist_cm: 82 });

  // Out of range in the person's units.
  await measurementsPage.add({ date: daysAgo(4), values: { weight_kg: "1000" } });
  await expect(measurementsPage.status(measurementsPage.addForm, "error")).toHaveText(
    "Weight: enter a number from 44 to 881.9 lb, with at most one decimal. You entered “1000”.",
  );

  const csv = await measurementsPage.download("csv");
  const [header, row] = csv.text.split("\r\n");
  expect(header).toBe(
    "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at,weight_lb,neck_in,chest_in,waist_in,hips_in,biceps_in,quadriceps_in,calf_in,height_in",
  );
  expect(row).toMatch(new RegExp(`^${date},77\\.6,,,,82,,,,,,,[^,]+,171.1,,,32.3,,,,,$`));
  const json = JSON.parse((await measurementsPage.download("json")).text) as { records: unknown[] };
  expect(json.records).toEqual([expect.objectContaining({ values: { weight_kg: 77.6, waist_cm: 82 }, display_values: { weight_lb: 171.1, waist_in: 32.3 } })]);
});
