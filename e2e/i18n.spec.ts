import { expect, test } from "./fixtures";

test("follows the browser's language until one is chosen in the header", async ({ browser, baseURL, clientAddress }) => {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", extraHTTPHeaders: { "x-forwarded-for": clientAddress } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByTestId("login-submit")).toHaveText("Entrar");

  await page.getByTestId("language-es").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("login-submit")).toHaveText("Entrar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
  await expect(page.getByTestId("language-es")).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
  await context.close();
});

test("shows measurement messages in the chosen language", async ({ page, user, appHeader, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  await appHeader.chooseLanguage("es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Medidas");
  await measurementsPage.add({ values: { weight_kg: "1000" } });
  await expect(measurementsPage.status(measurementsPage.addForm, "error")).toHaveText(
    "Peso: introduce un número de 20 a 400 kg, con un decimal como máximo. Has introducido «1000».",
  );
});
