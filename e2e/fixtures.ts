// Test fixtures: every test runs as a fresh, signed-up user from its own client address, with page objects ready.
import { expect, test as base, type Browser, type Page } from "@playwright/test";
import { watchContentSecurityPolicy, watchNewContexts } from "./content-security-policy";
import { newClientAddress, newCredentials, signUpThroughApi, type Credentials } from "./credentials";
import { reportPageStateOnFailure } from "./page-state-on-failure";
import { AccountPage } from "./pages/account-page";
import { AppHeader } from "./pages/app-header";
import { LoginPage } from "./pages/login-page";
import { MeasurementsPage } from "./pages/measurements-page";
import { SignupPage } from "./pages/signup-page";

type SignedInSession = { page: Page; credentials: Credentials; measurementsPage: MeasurementsPage; accountPage: AccountPage };

type Fixtures = {
  /** Fails the test when any page it opened reported a Content-Security-Policy violation. */
  contentSecurityPolicy: void;
  clientAddress: string;
  /** A new account, signed in on `page` (its cookies are shared with `page.request`). */
  user: Credentials;
  /** Opens another browser context, from another address, signed in as another new user. */
  signInAnotherUser: () => Promise<SignedInSession>;
  signupPage: SignupPage;
  loginPage: LoginPage;
  measurementsPage: MeasurementsPage;
  accountPage: AccountPage;
  appHeader: AppHeader;
};

async function openSignedInContext(browser: Browser, baseURL: string): Promise<SignedInSession> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
  const page = await context.newPage();
  const credentials = newCredentials("other");
  await signUpThroughApi(page.request, credentials, baseURL);
  return { page, credentials, measurementsPage: new MeasurementsPage(page), accountPage: new AccountPage(page) };
}

export const test = base.extend<Fixtures>({
  contentSecurityPolicy: [
    async ({ context, browser }, provide) => {
      const violations: string[] = [];
      watchContentSecurityPolicy(context, violations);
      const restore = watchNewContexts(browser, violations);
      await provide();
      restore();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  // A test that fails or times out prints what its pages were doing (page-state-on-failure.ts), before they close.
  page: async ({ page }, provide, testInfo) => {
    await provide(page);
    await reportPageStateOnFailure(page.context(), testInfo);
  },
  clientAddress: async ({}, provide) => {
    await provide(newClientAddress());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, provide) => {
    await provide({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress });
  },
  user: async ({ page, baseURL }, provide) => {
    const credentials = newCredentials();
    await signUpThroughApi(page.request, credentials, baseURL ?? "");
    await provide(credentials);
  },
  signInAnotherUser: async ({ browser, baseURL }, provide) => {
    const sessions: SignedInSession[] = [];
    await provide(async () => {
      const session = await openSignedInContext(browser, baseURL ?? "");
      sessions.push(session);
      return session;
    });
    for (const session of sessions) await session.page.context().close();
  },
  signupPage: async ({ page }, provide) => provide(new SignupPage(page)),
  loginPage: async ({ page }, provide) => provide(new LoginPage(page)),
  measurementsPage: async ({ page }, provide) => provide(new MeasurementsPage(page)),
  accountPage: async ({ page }, provide) => provide(new AccountPage(page)),
  appHeader: async ({ page }, provide) => provide(new AppHeader(page)),
});

export { expect };

/** A calendar date `days` before today (UTC), safely in the past in every time zone for days >= 2. */
export function daysAgo(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
