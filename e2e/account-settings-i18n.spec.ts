// /account in English, Spanish and Portuguese at desktop and phone size: its sections, a refused password in plain
// words, a second device and a new API key, with a screenshot of each for a person to look at.
import { newClientAddress, newCredentials, signUpThroughApi } from "./credentials";
import { expect, test } from "./fixtures";
import { AccountSettings } from "./pages/account-settings";

const expected = {
  en: { sessions: "Signed-in devices", keys: "API keys", thisDevice: "This device", readOnly: "Read only", guessable: "This password is too easy to guess." },
  es: {
    sessions: "Dispositivos con sesión iniciada",
    keys: "Claves de API",
    thisDevice: "Este dispositivo",
    readOnly: "Solo lectura",
    guessable: "Esta contraseña es demasiado fácil de adivinar.",
  },
  pt: {
    sessions: "Dispositivos conectados",
    keys: "Chaves de API",
    thisDevice: "Este dispositivo",
    readOnly: "Somente leitura",
    guessable: "Esta senha é fácil demais de adivinhar.",
  },
} as const;

const viewports = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
] as const;

for (const locale of ["en", "es", "pt"] as const) {
  test(`/account reads in ${locale} at desktop and phone size`, async ({ browser, baseURL }, testInfo) => {
    const origin = baseURL ?? "";
    const credentials = newCredentials(`account-${locale}`);
    const device = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
    await signUpThroughApi(device.request, credentials, origin);
    const second = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    });
    expect(
      (
        await second.request.post("/api/auth/sign-in/email", { data: { email: credentials.email, password: credentials.password }, headers: { origin } })
      ).status(),
    ).toBe(200);
    const page = await device.newPage();
    const settings = new AccountSettings(page);
    await settings.goto();
    await expect(page.locator("#sessions-title")).toHaveText(expected[locale].sessions);
    await expect(page.locator("#api-keys-title")).toHaveText(expected[locale].keys);
    await expect(settings.currentSession).toContainText(expected[locale].thisDevice);
    await expect(settings.otherSessions).toContainText("Safari");
    await settings.createKey("Shortcut", "read");
    await expect(settings.keys.first()).toContainText(expected[locale].readOnly);
    await settings.changePassword({ current: credentials.password, next: "password123" });
    await expect(settings.passwordError).toContainText(expected[locale].guessable);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport.size);
      const shot = testInfo.outputPath(`account-${locale}-${viewport.name}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`account-${locale}-${viewport.name}`, { path: shot, contentType: "image/png" });
      // Nothing on the page is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.size.width);
    }
    await second.close();
    await device.close();
  });
}
