// /account's own flows, at desktop and phone size: name, email and password changes (the password policy's refusals in
// plain words), signed-in devices signed out one by one or all at once, and API keys created, copied, used and revoked.
import { expect as baseExpect, type APIRequestContext, type Browser } from "@playwright/test";
import { newClientAddress, type Credentials } from "./credentials";
import { expect, test } from "./fixtures";
import { AccountSettings } from "./pages/account-settings";

const sizes = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** Signs in through better-auth's endpoint: the status, and the session token when it worked. */
async function signIn(request: APIRequestContext, email: string, password: string, origin: string): Promise<{ status: number; token: string | null }> {
  const response = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin } });
  return { status: response.status(), token: response.headers()["set-auth-token"] ?? null };
}

/** Another browser, from another address, signed in as the same person (a second device). */
async function openSecondDevice(browser: Browser, baseURL: string, user: Credentials, userAgent?: string) {
  const context = await browser.newContext({ baseURL, userAgent, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
  const signedIn = await signIn(context.request, user.email, user.password, baseURL);
  baseExpect(signedIn.status).toBe(200);
  return context;
}

const measurementsOf = (request: APIRequestContext, headers: Record<string, string> = {}) =>
  request.get("/api/v1/measurements?from=2020-01-01&to=2020-01-31", { headers });

for (const size of sizes) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("changes the name", async ({ page, user }) => {
      const settings = new AccountSettings(page);
      await settings.goto();
      await expect(page.getByTestId("name-input")).toHaveValue(user.name);
      await settings.changeName("Ana Lima");
      await expect(settings.nameStatus).toHaveText("Saved: you are now Ana Lima.");
      await page.reload();
      await expect(page.getByTestId("name-input")).toHaveValue("Ana Lima");
      // A name that ends with its own full stop gets no second one.
      await settings.changeName("Alex W.");
      await expect(settings.nameStatus).toHaveText("Saved: you are now Alex W.");
    });

    test("changes the email with the current password; a wrong password or a taken address changes nothing", async ({
      page,
      user,
      baseURL,
      signInAnotherUser,
    }) => {
      const settings = new AccountSettings(page);
      const newEmail = `moved-${user.email}`;
      const other = await signInAnotherUser();
      await settings.goto();
      await settings.changeEmail(newEmail, "not-my-password-at-all");
      await expect(settings.emailError).toHaveText("The current password is not correct. Nothing was changed.");
      await settings.changeEmail(other.credentials.email, user.password);
      await expect(settings.emailError).toHaveText("This address cannot be used for your account. Nothing was changed.");
      await expect(page.getByTestId("account-email")).toHaveText(`Signed in as ${user.email}`);
      await settings.changeEmail(user.email, user.password);
      await expect(settings.emailError).toHaveText("This is already your email.");
      await settings.changeEmail(newEmail, user.password);
      await expect(settings.emailStatus).toHaveText(`Your email is now ${newEmail}: use it the next time you log in.`);
      await expect(page.getByTestId("account-email")).toHaveText(`Signed in as ${newEmail}`);
      expect((await signIn(page.request, newEmail, user.password, baseURL ?? "")).status).toBe(200);
      expect((await signIn(page.request, user.email, user.password, baseURL ?? "")).status).toBe(401);
    });

    test("changes the password: each refusal says why, then only the new one signs in and other devices are out", async ({ page, user, browser, baseURL }) => {
      const settings = new AccountSettings(page);
      const other = await openSecondDevice(browser, baseURL ?? "", user);
      expect((await measurementsOf(other.request)).status()).toBe(200);
      await settings.goto();
      await settings.changePassword({ current: "wrong-password-here", next: "lantern-orbit-meadow-7" });
      await expect(settings.passwordError).toHaveText("The current password is not correct. Nothing was changed.");
      await settings.changePassword({ current: user.password, next: "short" });
      await expect(settings.passwordError).toHaveText("The password must have at least 10 characters.");
      await settings.changePassword({ current: user.password, next: `${user.email.split("@")[0]}-2024` });
      await expect(settings.passwordError).toHaveText("The password must not contain your email's name (the part before the @).");
      await settings.changePassword({ current: user.password, next: "password123" });
      await expect(settings.passwordError).toHaveText(
        "This password is too easy to guess. Use a longer one: a few unrelated words work well. This is a commonly used password.",
      );
      // Every refusal above changed nothing: the second device is still signed in.
      expect((await measurementsOf(other.request)).status()).toBe(200);
      await settings.changePassword({ current: user.password, next: "lantern-orbit-meadow-7" });
      await expect(settings.passwordStatus).toHaveText("Your password was changed, and your other devices were signed out.");
      expect((await measurementsOf(other.request)).status()).toBe(401);
      // This device stays signed in.
      await page.reload();
      await expect(page.getByTestId("account-email")).toHaveText(`Signed in as ${user.email}`);
      expect((await signIn(page.request, user.email, user.password, baseURL ?? "")).status).toBe(401);
      expect((await signIn(page.request, user.email, "lantern-orbit-meadow-7", baseURL ?? "")).status).toBe(200);
      await other.close();
    });

    test("lists the signed-in devices with this one marked, and signs out one, then all the others", async ({ page, user, browser, baseURL }) => {
      const settings = new AccountSettings(page);
      const firefox = await openSecondDevice(browser, baseURL ?? "", user, FIREFOX_ON_WINDOWS);
      const third = await openSecondDevice(browser, baseURL ?? "", user);
      await settings.goto();
      await expect(settings.sessions).toHaveCount(3);
      await expect(settings.currentSession).toHaveCount(1);
      await expect(settings.currentSession).toContainText("This device");
      await expect(settings.sessions.first()).toHaveAttribute("data-current", "true");
      await expect(settings.currentSession).toContainText("Last active");
      const firefoxRow = settings.otherSessions.filter({ hasText: "Firefox on Windows" });
      await expect(firefoxRow).toHaveCount(1);
      await firefoxRow.getByTestId("session-sign-out").click();
      await expect(settings.sessionsStatus).toHaveText("That device was signed out.");
      await expect(settings.sessions).toHaveCount(2);
      expect((await measurementsOf(firefox.request)).status()).toBe(401);
      expect((await measurementsOf(third.request)).status()).toBe(200);
      await page.getByTestId("sessions-sign-out-others").click();
      await expect(settings.sessionsStatus).toHaveText("Every other device was signed out.");
      await expect(settings.sessions).toHaveCount(1);
      await expect(page.getByTestId("sessions-no-others")).toHaveText("No other device is signed in.");
      expect((await measurementsOf(third.request)).status()).toBe(401);
      expect((await measurementsOf(page.request)).status()).toBe(200);
      await firefox.close();
      await third.close();
    });

    test("creates an API key shown once, copies it, uses it, sees it last used, and revokes it", async ({ page, context, user }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const settings = new AccountSettings(page);
      await settings.goto();
      await expect(page.getByTestId("account-email")).toHaveText(`Signed in as ${user.email}`);
      await expect(page.getByTestId("api-keys-empty")).toHaveText("You have no API keys.");
      const secret = await settings.createKey("Phone shortcut", "read");
      expect(secret).toMatch(/^pal_[A-Za-z]{48}$/);
      await expect(page.getByTestId("api-key-created")).toContainText("Key “Phone shortcut” created. Copy it now: it will not be shown again.");
      await page.getByTestId("api-key-copy").click();
      await expect(page.getByTestId("api-key-copy-status")).toHaveText("Copied to the clipboard.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expect(settings.keys).toHaveCount(1);
      await expect(settings.keys.first()).toContainText("Phone shortcut");
      await expect(settings.keys.first()).toContainText("Read only");
      await expect(settings.keys.first().getByTestId("api-key-last-used")).toHaveText("Never");

      const bearer = { authorization: `Bearer ${secret}` };
      expect((await measurementsOf(page.request, bearer)).status()).toBe(200);
      const write = await page.request.put("/api/v1/measurements/2020-01-02", {
        data: { values: { weight_kg: 70 } },
        headers: { ...bearer, "idempotency-key": '"from-a-read-key"' },
      });
      expect(write.status()).toBe(403);

      // Shown once: after a reload the key is listed, never shown, and its last use is a time.
      await page.reload();
      await expect(page.getByTestId("api-key-secret")).toHaveCount(0);
      expect(await page.content()).not.toContain(secret);
      await expect(settings.keys.first().getByTestId("api-key-last-used")).not.toHaveText("Never");
      await expect(settings.keys.first().locator("time[datetime]").last()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

      await settings.keys.first().getByTestId("api-key-revoke").click();
      await settings.keys.first().getByTestId("api-key-revoke-confirm").click();
      await expect(settings.keysStatus).toHaveText("Key “Phone shortcut” revoked: it no longer works.");
      await expect(page.getByTestId("api-keys-empty")).toBeVisible();
      expect((await measurementsOf(page.request, bearer)).status()).toBe(401);
    });
  });
}
