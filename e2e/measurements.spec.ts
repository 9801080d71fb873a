import { newCredentials } from "./credentials";
import { displayDate } from "./display-date";
import { daysAgo, expect, test } from "./fixtures";

test("a new account records a weight that shows in the table and the chart and survives a reload", async ({
  page,
  signupPage,
  measurementsPage,
  appHeader,
}, testInfo) => {
  await signupPage.goto();
  await signupPage.signUp(newCredentials());
  await page.waitForURL((url) => url.pathname === "/");
  await measurementsPage.goto();
  await expect(measurementsPage.emptyMessage).toBeVisible();

  const date = daysAgo(3);
  await measurementsPage.add({ date, values: { weight_kg: "77.4", waist_cm: "82" }, note: "after leg day" });
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toHaveText(`Saved the measurement for ${displayDate(date)}.`);

  const check = async () => {
    await expect(measurementsPage.rows).toHaveCount(1);
    await expect(measurementsPage.value(date, "weight_kg")).toHaveText("77.4");
    await expect(measurementsPage.value(date, "waist_cm")).toHaveText("82");
    // A column that holds no value in any record is not shown at all.
    await expect(measurementsPage.cell(date, "body_fat_pct")).toHaveCount(0);
    await expect(measurementsPage.cell(date, "note")).toHaveText("after leg day");
    await expect(measurementsPage.chart("weight_kg")).toHaveAttribute("data-points", "1");
    await expect(measurementsPage.chart("weight_kg").locator("circle.chart-dot")).toHaveCount(1);
    await expect(measurementsPage.chart("waist_cm")).toBeVisible();
    await expect(measurementsPage.chart("body_fat_pct")).toHaveCount(0);
  };
  await check();
  await page.screenshot({ path: testInfo.outputPath("measurements-desktop.png"), fullPage: true });

  await page.reload();
  await check();

  await page.setViewportSize({ width: 390, height: 844 });
  await appHeader.openMenuIfFolded();
  await expect(page.getByTestId("nav-account")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("measurements-phone.png"), fullPage: true });
});

test("a double-clicked submit changes the data once", async ({ page, user, measurementsPage, accountPage }) => {
  void user;
  await measurementsPage.goto();
  // Counted at the response: Next.js may abort reading an older action's stream once a newer one answered.
  const actionPosts: string[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && request.headers()["next-action"] && response.status() === 200) actionPosts.push(request.postData() ?? "");
  });
  // The first answer is held until both clicks are in, as on a slow network: otherwise, on a busy machine, the first save
  // could come back and reset the form (a new key, no values) before the second click lands, and that click would
  // post the emptied form instead (seen once in CI).
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/measurements",
    async (route) => {
      if (route.request().method() === "POST") await answered;
      await route.fallback();
    },
  );
  const date = daysAgo(4);
  await measurementsPage.fill(measurementsPage.addForm, { date, values: { weight_kg: "80.1" } });
  const key = await measurementsPage.addForm.getByTestId("measurement-idempotency-key").inputValue();
  await measurementsPage.addForm.getByTestId("measurement-submit").dblclick();
  release();

  // Both submissions reached the server, carrying the same key.
  await expect.poll(() => actionPosts.length).toBe(2);
  for (const body of actionPosts) expect(body).toContain(key);
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toBeVisible();
  await expect(measurementsPage.rows).toHaveCount(1);
  // The form is ready for the next entry with a new key.
  await expect(measurementsPage.addForm.getByTestId("measurement-idempotency-key")).not.toHaveValue(key);

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.measurements).toEqual([expect.objectContaining({ date, values: { weight_kg: 80.1 } })]);
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("the second click of a double-click that lands after the save has reset the form sends nothing, and the save's confirmation stays", async ({
  page,
  user,
  measurementsPage,
}) => {
  void user;
  await measurementsPage.goto();
  const actionPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) actionPosts.push(request.postData() ?? "");
  });
  const submit = measurementsPage.addForm.getByTestId("measurement-submit");
  const keyInput = measurementsPage.addForm.getByTestId("measurement-idempotency-key");
  await measurementsPage.fill(measurementsPage.addForm, { date: daysAgo(3), values: { weight_kg: "81.2" } });
  const key = await keyInput.inputValue();
  await submit.click();
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toBeVisible();
  await expect(keyInput).not.toHaveValue(key);

  // A fast save has answered and reset the form before the double-click's second click lands (seen in CI).
  await submit.click();
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toBeVisible();
  await expect(measurementsPage.status(measurementsPage.addForm, "error")).toHaveCount(0);

  // Typing starts the next entry: its save goes out, and nothing went out between the two.
  await measurementsPage.fill(measurementsPage.addForm, { date: daysAgo(2), values: { weight_kg: "81.0" } });
  await submit.click();
  await expect(measurementsPage.rows).toHaveCount(2);
  expect(actionPosts).toHaveLength(2);
  expect(actionPosts[0]).toContain("81.2");
  expect(actionPosts[1]).toContain("81.0");
});

test("a value out of range is explained with the field's name and range, and nothing is saved", async ({ user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  const date = daysAgo(2);
  await measurementsPage.add({ date, values: { weight_kg: "500", body_fat_pct: "18,55" } });
  const error = measurementsPage.status(measurementsPage.addForm, "error");
  await expect(error.locator("li")).toHaveText([
    "Weight: enter a number from 20 to 400 kg, with at most one decimal. You entered “500”.",
    "Body fat: enter a number from 2 to 75 %, with at most one decimal. You entered “18,55”.",
  ]);
  await expect(measurementsPage.addForm.getByTestId("measurement-input-weight_kg")).toHaveAttribute("aria-invalid", "true");
  // What was typed stays in the form to correct.
  await expect(measurementsPage.addForm.getByTestId("measurement-input-weight_kg")).toHaveValue("500");
  await expect(measurementsPage.emptyMessage).toBeVisible();

  await measurementsPage.fill(measurementsPage.addForm, { date: daysAgo(-3), values: { weight_kg: "77", body_fat_pct: "18.5" } });
  await measurementsPage.addForm.getByTestId("measurement-submit").click();
  // The picker stops at today (max), so the browser holds a future date back before anything is sent.
  const dateInput = measurementsPage.addForm.getByTestId("measurement-input-date");
  expect(await dateInput.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
  await expect(measurementsPage.emptyMessage).toBeVisible();
});

test("a different value on a stored date shows the stored one and replaces it only when asked", async ({ user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  const date = daysAgo(5);
  await measurementsPage.add({ date, values: { weight_kg: "80" } });
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("80");

  await measurementsPage.add({ date, values: { weight_kg: "81.5" } });
  const conflict = measurementsPage.status(measurementsPage.addForm, "conflict");
  await expect(conflict).toHaveText(`${displayDate(date)} already holds Weight 80 kg. You entered Weight 81.5 kg. Nothing was changed.`);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("80");

  await measurementsPage.addForm.getByTestId("measurement-replace").click();
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toHaveText(`Updated the measurement for ${displayDate(date)}.`);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("81.5");
  await expect(measurementsPage.rows).toHaveCount(1);
});

test("edits a record in place and the form closes; delete asks first, can be undone, and is idempotent", async ({ page, user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  const date = daysAgo(6);
  await measurementsPage.add({ date, values: { weight_kg: "79", waist_cm: "85" }, note: "first" });
  await expect(measurementsPage.rows).toHaveCount(1);

  await measurementsPage.startEditing(date);
  // The edit form takes the add form's place: one form at a time.
  await expect(measurementsPage.addForm).toHaveCount(0);
  await expect(measurementsPage.editForm.getByTestId("measurement-input-weight_kg")).toHaveValue("79");
  await measurementsPage.fill(measurementsPage.editForm, { values: { weight_kg: "78.2" }, note: "" });
  await measurementsPage.editForm.getByTestId("measurement-submit").click();
  await expect(measurementsPage.notice).toHaveText(`Updated the measurement for ${displayDate(date)}.`);
  await expect(measurementsPage.editForm).toHaveCount(0);
  await expect(measurementsPage.addForm).toBeVisible();
  await expect(page).toHaveURL(/\/measurements$/);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("78.2");
  await expect(measurementsPage.value(date, "waist_cm")).toHaveText("85");
  // No record holds a note any more, so the column is gone.
  await expect(measurementsPage.cell(date, "note")).toHaveCount(0);

  // Delete asks first; keeping the record changes nothing.
  await measurementsPage.askDelete(date);
  await page.getByTestId("measurement-delete-keep").click();
  await expect(measurementsPage.rows).toHaveCount(1);

  await measurementsPage.askDelete(date);
  await measurementsPage.confirmDeleteButton.dblclick();
  await expect(measurementsPage.emptyMessage).toBeVisible();
  await expect(measurementsPage.notice).toContainText(`Deleted the measurement for ${displayDate(date)}.`);
  await measurementsPage.undoButton.click();
  await expect(measurementsPage.notice).toHaveText(`Restored the measurement for ${displayDate(date)}.`);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("78.2");
  await expect(measurementsPage.value(date, "waist_cm")).toHaveText("85");

  await measurementsPage.delete(date);
  await expect(measurementsPage.emptyMessage).toBeVisible();
  await page.reload();
  await expect(measurementsPage.emptyMessage).toBeVisible();
});

test("emptying a field in the edit form removes that value for good, and emptying every value is refused", async ({ page, user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  const date = daysAgo(8);
  await measurementsPage.add({ date, values: { weight_kg: "79", waist_cm: "85" }, note: "wrong waist" });
  await expect(measurementsPage.value(date, "waist_cm")).toHaveText("85");

  await measurementsPage.startEditing(date);
  await measurementsPage.fill(measurementsPage.editForm, { values: { waist_cm: "" } });
  await measurementsPage.submit(measurementsPage.editForm);
  await expect(measurementsPage.notice).toHaveText(`Updated the measurement for ${displayDate(date)}.`);
  // The only record holds no waist any more: the column is gone.
  await expect(measurementsPage.cell(date, "waist_cm")).toHaveCount(0);

  await page.reload();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.cell(date, "waist_cm")).toHaveCount(0);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("79");
  await expect(measurementsPage.cell(date, "note")).toHaveText("wrong waist");
  // The charts load after the table: wait for them before checking that the waist chart is gone.
  await expect(measurementsPage.chart("weight_kg")).toBeVisible();
  await expect(measurementsPage.chart("waist_cm")).toHaveCount(0);

  // Save never deletes a day: an edit that would leave no value is refused and points to Delete.
  await measurementsPage.startEditing(date);
  await expect(measurementsPage.editForm.getByTestId("measurement-input-waist_cm")).toHaveValue("");
  await measurementsPage.fill(measurementsPage.editForm, { values: { weight_kg: "" }, note: "" });
  await measurementsPage.submit(measurementsPage.editForm);
  await expect(measurementsPage.status(measurementsPage.editForm, "error").locator("li")).toHaveText([
    `The record of ${displayDate(date)} needs at least one value, so nothing was changed. To remove the whole record, use Delete in the table.`,
  ]);
  await page.reload();
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("79");
  await expect(measurementsPage.cell(date, "note")).toHaveText("wrong waist");
});

test("exports the records as CSV and JSON downloads that are never cached", async ({ page, user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  const date = daysAgo(7);
  await measurementsPage.add({ date, values: { weight_kg: "76.5", height_cm: "180" }, note: 'said "hi", left' });
  await expect(measurementsPage.rows).toHaveCount(1);

  const csv = await measurementsPage.download("csv");
  expect(csv.filename).toMatch(/^palestra-measurements-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, row, end] = csv.text.split("\r\n");
  expect(header).toBe("date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at");
  expect(row).toMatch(new RegExp(`^${date},76\\.5,,,,,,,,,180,"said ""hi"", left",\\d{4}-\\d{2}-\\d{2}T`));
  expect(end).toBe("");

  const json = await measurementsPage.download("json");
  const parsed = JSON.parse(json.text) as { records: unknown[] };
  // Each value keeps where it came from (the form), so importing this file elsewhere keeps it too.
  const fromForm = (value: number, unit: string) => ({ source: "form", original_value: value, original_unit: unit, derived: false });
  expect(parsed.records).toEqual([
    {
      date,
      values: { weight_kg: 76.5, height_cm: 180 },
      note: 'said "hi", left',
      updated_at: expect.any(String),
      provenance: { weight_kg: fromForm(76.5, "kg"), height_cm: fromForm(180, "cm") },
    },
  ]);

  for (const path of ["/measurements", "/measurements/export?format=csv", "/measurements/export?format=json"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toContain("no-store");
  }
});
