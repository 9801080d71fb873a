import { daysAgo, expect, test } from "./fixtures";

test("a second user sees none of the first user's data", async ({ user, measurementsPage, signInAnotherUser }) => {
  void user;
  const date = daysAgo(8);
  await measurementsPage.goto();
  await measurementsPage.add({ date, values: { weight_kg: "88.8" }, note: "private" });
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("88.8");

  const other = await signInAnotherUser();
  await other.measurementsPage.goto();
  await expect(other.measurementsPage.emptyMessage).toBeVisible();
  await expect(other.page.getByText("88.8")).toHaveCount(0);

  // Naming the first user's date in the URL does not reveal it either.
  await other.page.goto(`/measurements?edit=${date}`);
  await expect(other.measurementsPage.editForm).toHaveCount(0);

  const exported = (await (await other.page.request.get("/measurements/export?format=json")).json()) as { records: unknown[] };
  expect(exported.records).toEqual([]);
  const account = (await (await other.page.request.get("/account/export")).json()) as Record<string, unknown[]> & { user: { email: string } };
  expect(account.user.email).toBe(other.credentials.email);
  expect(account.measurements).toEqual([]);
  expect(account.idempotency_records).toEqual([]);

  // And the first user still has their record.
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
});
