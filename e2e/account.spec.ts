import { signUpThroughApi } from "./credentials";
import { daysAgo, expect, test } from "./fixtures";

test("exports everything stored for the account as JSON", async ({ user, measurementsPage, accountPage }) => {
  const date = daysAgo(9);
  await measurementsPage.goto();
  await measurementsPage.add({ date, values: { weight_kg: "70.2" } });
  await expect(measurementsPage.rows).toHaveCount(1);

  await accountPage.goto();
  await expect(accountPage.email).toHaveText(`Signed in as ${user.email}`);
  const data = await accountPage.downloadExport();
  expect(data.user).toEqual(expect.objectContaining({ email: user.email, name: user.name }));
  expect(data.measurements).toEqual([expect.objectContaining({ date, values: { weight_kg: 70.2 } })]);
  for (const table of ["conversations", "turns", "messages", "tool_calls", "trace_events", "idempotency_records", "faults"]) {
    expect(Array.isArray(data[table]), table).toBe(true);
  }
});

test("deleting the account removes its data and signs out", async ({ page, user, measurementsPage, accountPage, loginPage, baseURL }) => {
  await measurementsPage.goto();
  await measurementsPage.add({ date: daysAgo(10), values: { weight_kg: "71" } });
  await expect(measurementsPage.rows).toHaveCount(1);
  const cookies = await page.context().cookies();
  const sessionToken = cookies.find((cookie) => cookie.name.endsWith("better-auth.session_token"))?.value;
  expect(sessionToken).toBeTruthy();

  await accountPage.goto();
  await accountPage.deleteAccount("someone-else@example.test", user.password);
  await expect(accountPage.deleteError).toHaveText("The email address does not match this account. Nothing was deleted.");
  // A stolen session is not enough: the current password is asked for too.
  await accountPage.deleteAccount(user.email, "not-the-password-1");
  await expect(accountPage.deleteError).toHaveText("The current password is not correct. Nothing was changed.");

  await accountPage.deleteAccount(user.email, user.password);
  await page.waitForURL("**/login?deleted=1");
  await expect(loginPage.accountDeletedNotice).toBeVisible();
  await page.goto("/measurements");
  await expect(page).toHaveURL(/\/login$/);

  // The old session token is dead, the password no longer signs in, and the email is free again with no data.
  const withOldToken = await page.request.get("/account/export", { headers: { authorization: `Bearer ${decodeURIComponent(sessionToken ?? "")}` } });
  expect(withOldToken.status()).toBe(401);
  await loginPage.logIn(user.email, user.password);
  await expect(loginPage.error).toHaveText("The email or the password is incorrect.");
  // The email is free again: it signs up (and in) as a new account.
  await signUpThroughApi(page.request, user, baseURL ?? "");
  await measurementsPage.goto();
  await expect(measurementsPage.emptyMessage).toBeVisible();
});
