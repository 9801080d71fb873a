// The sign-up form under the password policy: each refusal says why in the page's language, a strong password signs
// the person in. Screenshots at desktop and phone size in English, Spanish and Portuguese.
import { newClientAddress, newCredentials } from "./credentials";
import { expect, test } from "./fixtures";

const expected = {
  en: {
    short: "The password must have at least 10 characters.",
    email: "The password must not contain your email's name (the part before the @).",
    guessable: "This password is too easy to guess. Use a longer one: a few unrelated words work well. This is a commonly used password.",
  },
  es: {
    short: "La contraseña debe tener al menos 10 caracteres.",
    email: "La contraseña no debe contener el nombre de tu correo (la parte antes de la @).",
    guessable:
      "Esta contraseña es demasiado fácil de adivinar. Usa una más larga: unas cuantas palabras sin relación entre sí funcionan bien. Es una contraseña usada comúnmente.",
  },
  pt: {
    short: "A senha deve ter pelo menos 10 caracteres.",
    email: "A senha não pode conter o nome do seu e-mail (a parte antes do @).",
    guessable:
      "Esta senha é fácil demais de adivinhar. Use uma mais longa: algumas palavras sem relação entre si funcionam bem. Esta é uma senha comumente usada.",
  },
} as const;

for (const locale of ["en", "es", "pt"] as const) {
  test(`the sign-up form says why a password is refused, in ${locale}, and a strong one signs in`, async ({ browser, baseURL }, testInfo) => {
    const viewports = [
      { name: "desktop", size: { width: 1280, height: 800 } },
      { name: "phone", size: { width: 390, height: 844 } },
    ];
    for (const viewport of viewports) {
      const context = await browser.newContext({ baseURL, locale, viewport: viewport.size, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
      const page = await context.newPage();
      const credentials = newCredentials(`pw-${locale}`);
      await page.goto("/signup");
      await page.getByTestId("signup-email").fill(credentials.email);
      const attempt = async (password: string) => {
        await page.getByTestId("signup-password").fill(password);
        await page.getByTestId("signup-submit").click();
      };
      await attempt("12345678");
      await expect(page.getByTestId("signup-error")).toHaveText(expected[locale].short);
      await attempt(`${credentials.email.split("@")[0]}-2024`);
      await expect(page.getByTestId("signup-error")).toHaveText(expected[locale].email);
      await attempt("password123");
      await expect(page.getByTestId("signup-error")).toHaveText(expected[locale].guessable);
      const shot = testInfo.outputPath(`signup-refused-${locale}-${viewport.name}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`signup-refused-${locale}-${viewport.name}`, { path: shot, contentType: "image/png" });
      await attempt("lantern-orbit-meadow-7");
      await page.waitForURL((url) => url.pathname === "/");
      await context.close();
    }
  });
}
