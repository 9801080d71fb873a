// A server of its own, as `npm start` runs it (QA off, no trusted proxy), on its own scratch database:
// - without QA mode the operator area is for administrators only (the first account of an empty instance is one);
// - the root layout reads the session from the database on every page, and when that read fails app/global-error.tsx
//   shows Palestra's own page in the person's language, not Next's default. The database is made unavailable for real:
//   the test renames the session table away and back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startAppServer, type AppServer } from "../scripts/bench/start-app-server";
import { axeFindingsInBothThemes } from "./axe-findings";
import { newCredentials } from "./credentials";
import { expect, test } from "./fixtures";
import type { Browser } from "@playwright/test";

// One server for the file, and the table rename must not reach another test's page: one test at a time.
test.describe.configure({ mode: "serial" });

let directory: string;
let server: AppServer;

test.beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-global-error-"));
  server = await startAppServer({ directory, env: { PALESTRA_QA: "0", PALESTRA_TRUST_PROXY: "0" } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** A new person signed in on the server, in a context of their own (closed by the caller). */
async function signedIn(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const person = newCredentials();
  const signUp = await context.request.post("/api/auth/sign-up/email", { data: person, headers: { origin: server.url } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const signIn = await context.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { origin: server.url },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return { context, page: await context.newPage() };
}

test("without QA mode the operator area is the administrator's: others get no link and a 404, and keep their own /traces", async ({ browser }) => {
  // The first account of the empty instance: its administrator.
  const admin = await signedIn(browser);
  await admin.page.goto("/");
  await admin.page.getByTestId("nav-operator").click();
  await admin.page.waitForURL("**/operator");
  await expect(admin.page.getByTestId("operator-pages").getByRole("heading")).toHaveText(["Traces", "Metrics"]);
  await expect(admin.page.getByTestId("nav-qa")).toHaveCount(0);
  await admin.context.close();

  const person = await signedIn(browser);
  await person.page.goto("/");
  await expect(person.page.getByRole("navigation", { name: "Main navigation" }).getByRole("link")).toHaveText(["Coach", "Measurements", "Account"]);
  await expect(person.page.getByTestId("nav-operator")).toHaveCount(0);
  expect((await person.page.goto("/operator"))?.status()).toBe(404);
  expect((await person.page.goto("/metrics"))?.status()).toBe(404);
  expect((await person.page.goto("/qa"))?.status()).toBe(404);
  expect((await person.page.goto("/traces"))?.status()).toBe(200);
  await expect(person.page.getByTestId("traces-empty")).toBeVisible();
  await expect(person.page.getByTestId("operator-nav")).toHaveCount(0);
  await person.context.close();
});

/** Renames the session table away (every session read then fails in the database) or back. */
function setSessionTable(available: boolean): void {
  const database = new Database(path.join(directory, "palestra.db"));
  try {
    database.pragma("busy_timeout = 5000");
    database.exec(available ? "ALTER TABLE session_unavailable RENAME TO session" : "ALTER TABLE session RENAME TO session_unavailable");
  } finally {
    database.close();
  }
}

for (const [locale, title, home] of [
  ["en", "Something went wrong", "Go to the start page"],
  ["es", "Algo salió mal", "Ir a la página de inicio"],
  ["pt", "Algo deu errado", "Ir para a página inicial"],
] as const) {
  test(`a failing session read in the root layout shows the localized error page (${locale}), and the site works again after`, async ({ browser }) => {
    const { context, page: tab } = await signedIn(browser, { width: 390, height: 844 });
    await context.addCookies([{ name: "locale", value: locale, url: server.url }]);
    expect((await tab.goto("/account"))?.status()).toBe(200);

    setSessionTable(false);
    try {
      await tab.goto("/account");
      await expect(tab.getByTestId("global-error-page")).toBeVisible();
      await expect(tab.locator("html")).toHaveAttribute("lang", locale);
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(tab).toHaveTitle(`${title} · Palestra`);
      await expect(tab.getByRole("link", { name: home })).toBeVisible();
      // The error page is a page like the others: no axe violation of any impact, light or dark.
      expect(await axeFindingsInBothThemes(tab, `global error ${locale}`)).toEqual([]);
    } finally {
      setSessionTable(true);
    }
    // The home link is a full load, by keyboard: the layout renders again once the database answers.
    await tab.getByRole("link", { name: home }).focus();
    await tab.keyboard.press("Enter");
    await expect(tab.getByTestId("global-error-page")).toHaveCount(0);
    await expect(tab.getByTestId("nav-account")).toBeAttached();
    await context.close();
  });
}
