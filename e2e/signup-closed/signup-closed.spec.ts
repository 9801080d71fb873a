// A server started with PALESTRA_SIGNUP=closed on an empty database: the first account signs up and becomes admin;
// after it the sign-up page says sign-ups are closed, and better-auth refuses every sign-up.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { watchContentSecurityPolicy } from "../content-security-policy";
import { newClientAddress, newCredentials } from "../credentials";

test.describe.configure({ mode: "serial" });

test("the first account of an empty closed instance signs up in the browser and administers it", async ({ browser, baseURL }, testInfo) => {
  const violations: string[] = [];
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
  watchContentSecurityPolicy(context, violations);
  const page = await context.newPage();
  await page.goto("/signup");
  await expect(page.getByTestId("signup-first-account")).toHaveText("This is the first account of this instance: it will be its administrator.");
  const admin = newCredentials("admin");
  await page.getByTestId("signup-name").fill(admin.name);
  await page.getByTestId("signup-email").fill(admin.email);
  await page.getByTestId("signup-password").fill(admin.password);
  const shot = testInfo.outputPath("signup-first-account.png");
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach("signup-first-account", { path: shot, contentType: "image/png" });
  await page.getByTestId("signup-submit").click();
  await page.waitForURL((url) => url.pathname === "/");
  // Only an admin may list users through the admin plugin.
  const listed = await page.request.get("/api/auth/admin/list-users");
  expect(listed.status(), await listed.text()).toBe(200);
  await context.close();
  expect(violations).toEqual([]);
});

for (const locale of ["en", "es", "pt"] as const) {
  test(`after it, the sign-up page says sign-ups are closed (${locale}) and sign-up is refused`, async ({ browser, baseURL }, testInfo) => {
    const texts = {
      en: "Sign-ups are closed on this instance. Ask its administrator to create an account for you.",
      es: "El registro está cerrado en esta instancia. Pide a su administrador que te cree una cuenta.",
      pt: "Os cadastros estão fechados nesta instância. Peça ao administrador que crie uma conta para você.",
    };
    const violations: string[] = [];
    for (const [name, size] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ baseURL, locale, viewport: size, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
      watchContentSecurityPolicy(context, violations);
      const page = await context.newPage();
      await page.goto("/signup");
      await expect(page.getByTestId("signup-closed")).toHaveText(texts[locale]);
      await expect(page.getByTestId("signup-form")).toHaveCount(0);
      const shot = testInfo.outputPath(`signup-closed-${locale}-${name}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`signup-closed-${locale}-${name}`, { path: shot, contentType: "image/png" });
      await context.close();
    }
    expect(violations).toEqual([]);
    const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
    const refused = await client.post("/api/auth/sign-up/email", { data: newCredentials("late"), headers: { origin: baseURL ?? "" } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("SIGN_UP_CLOSED");
    await client.dispose();
  });
}
