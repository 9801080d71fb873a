// QA storage faults on /measurements (the modes of lib/faults/fault-modes.ts): the page's manual saves and its listing tell
// the truth under each fault, and a retry with the same idempotency key never stores twice.
import { expect, test } from "./coach-fixtures";
import { displayDate } from "./display-date";
import { daysAgo } from "./fixtures";

test("fail_before_commit: the form shows that nothing was saved, nothing is stored, and the retry with the same key saves once", async ({
  page,
  user,
  measurementsPage,
  qaPage,
  accountPage,
}) => {
  void user;
  await measurementsPage.goto();
  await qaPage.armFrom({ mode: "fail_before_commit", target: "write", count: 1 });
  const form = measurementsPage.addForm;
  const date = daysAgo(3);
  await measurementsPage.fill(form, { date, values: { weight_kg: "77.4" } });
  const key = await measurementsPage.idempotencyKey(form).inputValue();
  await measurementsPage.submit(form);

  const failure = measurementsPage.status(form, "failure");
  await expect(failure).toHaveAttribute("data-error-code", "write_failed");
  await expect(failure).toHaveText(
    `The measurement for ${displayDate(date)} was not saved: the storage refused the write, so nothing was changed. It is safe to try again.`,
  );
  // The page was rendered again after the save: it holds nothing, and the form kept its key and what was typed.
  await expect(measurementsPage.emptyMessage).toBeVisible();
  await expect(measurementsPage.idempotencyKey(form)).toHaveValue(key);
  await expect(form.getByTestId("measurement-input-weight_kg")).toHaveValue("77.4");

  await measurementsPage.submit(form);
  await expect(measurementsPage.status(form, "success")).toHaveText(`Saved the measurement for ${displayDate(date)}.`);
  await page.reload();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("77.4");

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("lost_ack: the form says the save may have happened, the record IS stored, and the retry with the same key replays it", async ({
  page,
  user,
  measurementsPage,
  qaPage,
  accountPage,
}) => {
  void user;
  await measurementsPage.goto();
  await qaPage.armFrom({ mode: "lost_ack", target: "write", count: 1 });
  const form = measurementsPage.addForm;
  const date = daysAgo(4);
  await measurementsPage.fill(form, { date, values: { weight_kg: "80.2" } });
  const key = await measurementsPage.idempotencyKey(form).inputValue();
  await measurementsPage.submit(form);

  const failure = measurementsPage.status(form, "failure");
  await expect(failure).toHaveAttribute("data-error-code", "outcome_unknown");
  await expect(failure.locator("p")).toHaveText([
    `Saving the measurement for ${displayDate(date)} could not be confirmed: it may or may not have been stored.`,
    "Save again to find out: it is safe, because the same save cannot be stored twice.",
  ]);
  await expect(measurementsPage.idempotencyKey(form)).toHaveValue(key);
  // The write was committed: the re-rendered table already shows it.
  await expect(measurementsPage.rows).toHaveCount(1);

  await measurementsPage.submit(form);
  await expect(measurementsPage.status(form, "success")).toHaveText(`Saved the measurement for ${displayDate(date)}.`);
  await expect(measurementsPage.idempotencyKey(form)).not.toHaveValue(key);
  await page.reload();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("80.2");

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.measurements).toEqual([expect.objectContaining({ date, values: { weight_kg: 80.2 } })]);
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("timeout: past the tool deadline the form says the save may have happened; nothing began, so the retry saves once", async ({
  page,
  user,
  measurementsPage,
  qaPage,
}) => {
  void user;
  await measurementsPage.goto();
  await qaPage.armFrom({ mode: "timeout", target: "write", count: 1 });
  const form = measurementsPage.addForm;
  const date = daysAgo(5);
  await measurementsPage.fill(form, { date, values: { waist_cm: "83" } });
  const key = await measurementsPage.idempotencyKey(form).inputValue();
  await measurementsPage.submit(form);

  await expect(measurementsPage.status(form, "failure")).toHaveAttribute("data-error-code", "outcome_unknown");
  await expect(measurementsPage.idempotencyKey(form)).toHaveValue(key);
  await expect(measurementsPage.emptyMessage).toBeVisible();

  await measurementsPage.submit(form);
  await expect(measurementsPage.status(form, "success")).toHaveText(`Saved the measurement for ${displayDate(date)}.`);
  await page.reload();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value(date, "waist_cm")).toHaveText("83");
});

test("unavailable reads: the page says the records could not be read instead of showing none, until the fault is cleared", async ({
  page,
  user,
  measurementsPage,
  qaPage,
}) => {
  void user;
  await measurementsPage.goto();
  const date = daysAgo(6);
  await measurementsPage.add({ date, values: { weight_kg: "78" } });
  await expect(measurementsPage.rows).toHaveCount(1);

  await qaPage.armFrom({ mode: "unavailable", target: "read" });
  const unreadable = "Your records could not be read right now (3 attempts). This does not mean there are none: reload the page in a moment.";
  await expect(measurementsPage.unreadableMessage).toHaveText(unreadable);
  await expect(measurementsPage.chartsUnreadableMessage).toHaveText(unreadable);
  await expect(measurementsPage.emptyMessage).toHaveCount(0);
  await expect(measurementsPage.table).toHaveCount(0);
  await expect(page.getByText("Charts appear once you have measurements.")).toHaveCount(0);
  // The export reads the same way: a 503 that says so, never a file without the records.
  for (const format of ["csv", "json"]) {
    const exported = await page.request.get(`/measurements/export?format=${format}`);
    expect([exported.status(), exported.headers()["cache-control"], exported.headers()["content-disposition"]], format).toEqual([503, "no-store", undefined]);
    expect(await exported.json()).toEqual({
      error: "unavailable",
      attempts: 3,
      message: "Your records could not be read right now (3 attempts); nothing was exported. Try again in a moment.",
    });
  }
  // On the page, the export buttons say so instead of a download the browser cancels without a word.
  await page.getByTestId("export-csv").click();
  await expect(page.getByTestId("export-error")).toHaveText("Nothing was exported: your records could not be read right now. Try again in a moment.");

  await qaPage.goto();
  await qaPage.clearAll();
  // One failing attempt is retried inside the read: the page shows the records.
  await qaPage.arm({ mode: "transient", target: "read", count: 1 });
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("78");
  await expect(measurementsPage.unreadableMessage).toHaveCount(0);
  const exported = await page.request.get("/measurements/export?format=csv");
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain(`${date},78`);
});
