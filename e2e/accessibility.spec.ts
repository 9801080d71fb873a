// axe on every page, in the light and the dark theme (as the system asks), at desktop and phone size: no violation of
// any impact (critical, serious, moderate or minor; colour contrast included), and link and button names that start
// with their visible words.
import { axeFindings, type Finding } from "./axe-findings";
import { newClientAddress } from "./credentials";
import { everyPage, seedAccount, themes, viewports } from "./every-page";
import { expect, test } from "./fixtures";

// Two pages are not in everyPage: the forced change of a one-time password (e2e/admin-accounts.spec.ts) and the error
// page of a failing root layout (e2e/production-server.spec.ts) each run axe where the state they need is made.

for (const [viewportName, viewport] of Object.entries(viewports)) {
  for (const theme of themes) {
    test(`every page has no axe violation of any impact: ${viewportName}, ${theme} theme`, async ({ page, user, browser, baseURL }) => {
      test.setTimeout(240_000);
      const account = await seedAccount(page.request, baseURL ?? "", user.email);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      const signedOut = await browser.newContext({ baseURL, viewport, colorScheme: theme, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
      const visitor = await signedOut.newPage();
      const findings: Finding[] = [];
      try {
        for (const visit of everyPage(account)) {
          const target = visit.signedIn ? page : visitor;
          await target.goto(visit.path);
          await visit.ready(target);
          // The page really is in the theme under test (the system's choice, no cookie).
          const background = await target.evaluate(() => getComputedStyle(document.body).backgroundColor);
          expect(background, visit.name).toBe(theme === "dark" ? "rgb(18, 23, 28)" : "rgb(245, 247, 249)");
          findings.push(...(await axeFindings(target, visit.name)));
        }
      } finally {
        await signedOut.close();
      }
      expect(findings).toEqual([]);
    });
  }
}

test("the theme follows the system until the person picks one in the header, and the pick is kept", async ({ page, user, appHeader }) => {
  void user;
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/measurements");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe("rgb(245, 247, 249)");
  await appHeader.chooseTheme("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background()).toBe("rgb(18, 23, 28)");
  await page.reload();
  expect(await background()).toBe("rgb(18, 23, 28)");
  await appHeader.chooseTheme("system");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background()).toBe("rgb(18, 23, 28)");
});
