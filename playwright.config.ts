// Playwright: system Chromium against a production build served by `next start` on a fresh temporary database.
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const root = path.dirname(new URL(import.meta.url).pathname);
/** E2E_PORT lets two worktrees run their suites side by side. */
const appPort = Number(process.env.E2E_PORT ?? 3100);
const appUrl = `http://127.0.0.1:${appPort}`;
/** Wiped by the server command before every run, so each run starts from an empty database. */
const appDataFolder = path.join(root, ".e2e-data", String(appPort));

const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** The app under test; later branches append their servers (the fake model provider) to `webServer`. */
const appServer = {
  command: `node scripts/ensure-build.mjs && rm -rf "${appDataFolder}" && exec node node_modules/next/dist/bin/next start -p ${appPort} -H 127.0.0.1`,
  url: `${appUrl}/login`,
  // The first run builds the production bundle.
  timeout: 10 * 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: {
    DATABASE_PATH: path.join(appDataFolder, "palestra.db"),
    PALESTRA_QA: "1",
    BETTER_AUTH_URL: appUrl,
    PORT: String(appPort),
    NEXT_TELEMETRY_DISABLED: "1",
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: appUrl,
    screenshot: "on",
    trace: "retain-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [appServer],
});
