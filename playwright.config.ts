// Playwright: system Chromium against a production build served by `next start` on a fresh temporary database.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "./e2e/api/metrics-token";

const root = path.dirname(new URL(import.meta.url).pathname);

/** A port free right now on 127.0.0.1 (found synchronously: the config must be plain values). */
function findFreePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

// Chosen once by the runner; the workers it starts inherit the variable, so every process agrees on the port.
// A fixed default would collide with other suites running on the same machine. E2E_PORT pins it.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(findFreePort());
const appPort = Number(process.env.E2E_PORT);
const appUrl = `http://127.0.0.1:${appPort}`;
/** Wiped by the server command before every run, so each run starts from an empty database. */
const appDataFolder = path.join(root, ".e2e-data", "app");

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
    // Set, so the API specs prove /api/metrics refuses a request without the token.
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous for a machine shared with other builds (password hashing and server rendering slow down a lot there);
  // a healthy run takes a fraction of it.
  timeout: 120_000,
  expect: { timeout: 15_000 },
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
