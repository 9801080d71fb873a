// `npm run screenshots` (not part of `npm test`): every page with realistic data, at desktop and phone size, in the light
// and the dark theme, and on a phone in Spanish and Portuguese, written to screenshots/ for people to look at.
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { newClientAddress } from "../credentials";
import { everyPage, seedAccount, themes, viewports, type SeededAccount } from "../every-page";
import { test } from "../fixtures";

const folder = path.join(process.cwd(), "screenshots");

type Look = { label: string; viewport: { width: number; height: number }; theme: (typeof themes)[number]; language?: "es" | "pt" };

const looks: Look[] = [
  ...Object.entries(viewports).flatMap(([name, viewport]) => themes.map((theme) => ({ label: `${name}-${theme}`, viewport, theme }))),
  { label: "phone-light-es", viewport: viewports.phone, theme: "light", language: "es" },
  { label: "phone-light-pt", viewport: viewports.phone, theme: "light", language: "pt" },
];

async function visitorPage(browser: Browser, baseURL: string | undefined, look: Look): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: look.viewport,
    colorScheme: look.theme,
    locale: look.language === "pt" ? "pt-BR" : (look.language ?? "en"),
    extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
  });
  return context.newPage();
}

for (const look of looks) {
  test(`screenshots of every page: ${look.label}`, async ({ page, user, browser, baseURL, appHeader }) => {
    void user;
    test.setTimeout(240_000);
    const account: SeededAccount = await seedAccount(page.request, baseURL ?? "", user.email);
    await page.setViewportSize(look.viewport);
    await page.emulateMedia({ colorScheme: look.theme });
    if (look.language) {
      await page.goto("/account");
      await appHeader.chooseLanguage(look.language);
    }
    const visitor = await visitorPage(browser, baseURL, look);
    try {
      for (const visit of everyPage(account)) {
        const target = visit.signedIn ? page : visitor;
        await target.goto(visit.path);
        await visit.ready(target);
        await target.screenshot({ path: path.join(folder, `${look.label}-${visit.name}.png`), fullPage: true });
      }
    } finally {
      await visitor.context().close();
    }
  });
}
