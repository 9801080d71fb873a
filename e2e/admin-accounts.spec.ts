// The admin command against the running instance: a one-time password leads to a forced change before anything else
// works; reset-password signs the person out; a disabled account loses its sessions and cannot sign in until enabled.
import { axeFindingsInBothThemes } from "./axe-findings";
import { newCredentials } from "./credentials";
import { expect, test } from "./fixtures";
import { oneTimePasswordOf, runOperatorCommand } from "./operator-commands";

const measurementsApi = "/api/v1/measurements?from=2020-01-01&to=2020-12-31";

test("a created account signs in with its one-time password and must choose its own before anything else works", async ({ page, loginPage }, testInfo) => {
  const { email, password: chosen } = newCredentials("made-by-admin");
  const created = await runOperatorCommand("admin", ["users", "create", email]);
  expect(created.exitCode, created.stderr).toBe(0);
  const oneTime = oneTimePasswordOf(created);

  await loginPage.goto();
  await loginPage.logIn(email, oneTime);
  await page.waitForURL((url) => url.pathname === "/change-password");
  await page.goto("/measurements");
  await expect(page).toHaveURL(/\/change-password$/);
  const api = await page.request.get(measurementsApi);
  expect(api.status()).toBe(403);
  expect((await api.json()).type).toBe("https://palestra.dev/problems/password_change_required");
  await page.screenshot({ path: testInfo.outputPath("change-password-desktop.png"), fullPage: true });
  // axe at both sizes and in both themes: no violation of any impact, as on every other page.
  const findings = await axeFindingsInBothThemes(page, "change-password desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ["es", "pt", "en"]) {
    await page.context().addCookies([{ name: "locale", value: locale, url: page.url() }]);
    await page.reload();
    await page.screenshot({ path: testInfo.outputPath(`change-password-phone-${locale}.png`), fullPage: true });
  }
  findings.push(...(await axeFindingsInBothThemes(page, "change-password phone")));
  expect(findings).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByTestId("change-password-current").fill("not-the-one-time-password");
  await page.getByTestId("change-password-new").fill(chosen);
  await page.getByTestId("change-password-submit").click();
  await expect(page.getByTestId("change-password-error")).toHaveText("The one-time password is incorrect.");
  await page.getByTestId("change-password-current").fill(oneTime);
  await page.getByTestId("change-password-new").fill("short");
  await page.getByTestId("change-password-submit").click();
  await expect(page.getByTestId("change-password-error")).toHaveText("The password must have at least 10 characters.");
  // The one-time password again is refused with /account's words (by keyboard: Enter in the field submits).
  await page.getByTestId("change-password-new").fill(oneTime);
  await page.getByTestId("change-password-new").press("Enter");
  await expect(page.getByTestId("change-password-error")).toHaveText(
    "The new password is the same as the current one. Choose a different one; nothing was changed.",
  );
  await page.goto("/measurements");
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByTestId("change-password-current").fill(oneTime);
  await page.getByTestId("change-password-new").fill(chosen);
  await page.getByTestId("change-password-submit").click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/measurements");
  await expect(page).toHaveURL(/\/measurements$/);
  expect((await page.request.get(measurementsApi)).status()).toBe(200);
  await page.goto("/change-password");
  await expect(page).toHaveURL((url) => url.pathname === "/");

  const reset = await runOperatorCommand("admin", ["users", "reset-password", email]);
  expect(reset.exitCode, reset.stderr).toBe(0);
  await page.goto("/measurements");
  await expect(page).toHaveURL(/\/login$/);
  await loginPage.logIn(email, chosen);
  await expect(loginPage.error).toHaveText("The email or the password is incorrect.");
  await loginPage.logIn(email, oneTimePasswordOf(reset));
  await page.waitForURL((url) => url.pathname === "/change-password");
});

test("a disabled account is signed out at once, refused at sign-in, and let in again once enabled", async ({ page, user, loginPage, measurementsPage }) => {
  await measurementsPage.goto();
  expect((await page.request.get(measurementsApi)).status()).toBe(200);
  const disabled = await runOperatorCommand("admin", ["users", "disable", user.email]);
  expect(disabled.exitCode, disabled.stderr).toBe(0);
  expect((await page.request.get(measurementsApi)).status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await loginPage.logIn(user.email, user.password);
  await expect(loginPage.error).toHaveText("This account is disabled. Ask the administrator of this instance.");
  expect((await runOperatorCommand("admin", ["users", "enable", user.email])).exitCode).toBe(0);
  await loginPage.logIn(user.email, user.password);
  await page.waitForURL((url) => url.pathname === "/");
});

test("the admin command answers bad input with one line and a non-zero exit code", async () => {
  const unknown = await runOperatorCommand("admin", ["users", "disable", "nobody@example.test"]);
  expect(unknown).toMatchObject({ exitCode: 1, stdout: "", stderr: "No account has the email nobody@example.test.\n" });
  const misused = await runOperatorCommand("admin", ["users", "promote", "x@example.test"]);
  expect(misused.exitCode).toBe(2);
  expect(misused.stderr).toMatch(/^Unknown command: users promote\.\n\nUsage: npm run admin/);
  const missing = await runOperatorCommand("admin", ["users", "list"], { databasePath: "/nonexistent/palestra.db" });
  expect(missing.exitCode).toBe(1);
  expect(missing.stderr).toMatch(/^No database at \/nonexistent\/palestra.db/);
});
