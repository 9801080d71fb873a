// Playwright: system Chromium against a production build served by `npm start`'s server (scripts/serve.mjs) on a fresh
// temporary database.
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "./e2e/api/metrics-token";
import { chromiumLaunchOptions } from "./e2e/chromium-launch";
import { selectedProjects, serversFor } from "./e2e/selected-projects";
import { servers } from "./e2e/servers";

const root = path.dirname(new URL(import.meta.url).pathname);
/** Every port is chosen (or pinned by a variable) in e2e/servers.ts, which the specs share. */
const {
  appPort,
  appUrl,
  qaDisabledPort,
  qaDisabledUrl,
  fakeProviderPort,
  fakeProviderUrl,
  signupClosedPort,
  signupClosedUrl,
  appDatabasePath,
  postgresPort,
  postgresUrl,
} = servers;
/** Wiped by the server command before every run, so each run starts from an empty database. */
const appDataFolder = path.dirname(appDatabasePath);

/** The app under test (QA on, SQLite), which most specs drive. */
const appServer = {
  command: `rm -rf "${appDataFolder}" && exec node scripts/serve.mjs -p ${appPort} -H 127.0.0.1`,
  url: `${appUrl}/login`,
  // The first run builds the production bundle.
  timeout: 10 * 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: {
    DATABASE_PATH: appDatabasePath,
    PALESTRA_QA: "1",
    // The specs play the reverse proxy: each test sends its own X-Forwarded-For, so per-address sign-in limits of one
    // test never reach another. The QA-disabled server below runs without it, as `npm start` does by default.
    PALESTRA_TRUST_PROXY: "1",
    BETTER_AUTH_URL: appUrl,
    PORT: String(appPort),
    NEXT_TELEMETRY_DISABLED: "1",
    // offline stays the default provider; with QA on, a spec picks an adapter with the x-palestra-provider header,
    // and every adapter talks to the fake provider below.
    COACH_PROVIDER: "offline",
    // Set, so the API specs prove /api/metrics refuses a request without the token.
    METRICS_TOKEN: E2E_METRICS_TOKEN,
    OPENAI_API_KEY: "test",
    ANTHROPIC_API_KEY: "test",
    GEMINI_API_KEY: "test",
    OPENAI_BASE_URL: `${fakeProviderUrl}/v1`,
    ANTHROPIC_BASE_URL: fakeProviderUrl,
    GOOGLE_GEMINI_BASE_URL: fakeProviderUrl,
  },
};

/** The four wire APIs answered by the offline brain, with a request log and failure injection (scripts/fake-provider). */
const fakeProviderServer = {
  command: `node node_modules/tsx/dist/cli.mjs --conditions=react-server scripts/fake-provider/main.ts --port ${fakeProviderPort}`,
  url: `${fakeProviderUrl}/_requests`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
};

/** The same production build with QA disabled, on its own port and database: /qa must be a 404 there. */
const qaDisabledDataFolder = path.join(root, ".e2e-data", "qa-disabled");
const qaDisabledServer = {
  command: `rm -rf "${qaDisabledDataFolder}" && exec node scripts/serve.mjs -p ${qaDisabledPort} -H 127.0.0.1`,
  url: `${qaDisabledUrl}/login`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: {
    DATABASE_PATH: path.join(qaDisabledDataFolder, "palestra.db"),
    PALESTRA_QA: "0",
    BETTER_AUTH_URL: qaDisabledUrl,
    PORT: String(qaDisabledPort),
    NEXT_TELEMETRY_DISABLED: "1",
  },
};

/** The same build with PALESTRA_SIGNUP=closed on its own empty database: only its first account may sign up. */
const signupClosedDataFolder = path.join(root, ".e2e-data", "signup-closed");
const signupClosedServer = {
  command: `rm -rf "${signupClosedDataFolder}" && exec node scripts/serve.mjs -p ${signupClosedPort} -H 127.0.0.1`,
  url: `${signupClosedUrl}/login`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: {
    DATABASE_PATH: path.join(signupClosedDataFolder, "palestra.db"),
    PALESTRA_SIGNUP: "closed",
    PALESTRA_TRUST_PROXY: "1",
    BETTER_AUTH_URL: signupClosedUrl,
    PORT: String(signupClosedPort),
    NEXT_TELEMETRY_DISABLED: "1",
  },
};

/**
 * The same build on PostgreSQL: a throwaway cluster started by the command (removed when it ends), the app's
 * settings otherwise. The HTTP API and chat specs run against it as well (project "postgres").
 */
const postgresServer = {
  command: `exec node node_modules/tsx/dist/cli.mjs scripts/postgres/serve-on-throwaway-cluster.ts node scripts/serve.mjs -p ${postgresPort} -H 127.0.0.1`,
  url: `${postgresUrl}/login`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: {
    ...appServer.env,
    DATABASE_PATH: path.join(root, ".e2e-data", "postgres", "unused.db"),
    BETTER_AUTH_SECRET: "e2e-postgres-secret-0123456789abcdef0123456789",
    THROWAWAY_CLUSTER_URL_FILE: servers.postgresDatabaseUrlFile,
    BETTER_AUTH_URL: postgresUrl,
    PORT: String(postgresPort),
  },
};

type WebServer = typeof appServer | typeof fakeProviderServer | typeof postgresServer;
const allServers: WebServer[] = [appServer, fakeProviderServer, qaDisabledServer, signupClosedServer, postgresServer];

/**
 * What each project's specs talk to, so a run starts only the servers its selected projects need (`--project`): one
 * spec of the chromium project starts the app alone, no fake provider and no PostgreSQL cluster. The scale-out drills
 * start their own cluster, instances and nginx, but run the build the app server makes current.
 */
const serversOfProject: Record<string, WebServer[]> = {
  chromium: [appServer],
  "fake-provider": [appServer, fakeProviderServer],
  "qa-disabled": [qaDisabledServer],
  "signup-closed": [signupClosedServer],
  postgres: [postgresServer],
  "scale-out": [appServer],
  screenshots: [appServer],
};

/** The first server that serves the production build makes it current (Playwright starts servers one after another). */
function buildingFirst(list: WebServer[]): WebServer[] {
  const first = list.findIndex((server) => server !== fakeProviderServer);
  return list.map((server, index) => (index === first ? { ...server, command: `node scripts/ensure-build.mjs && ${server.command}` } : server));
}

const webServer = buildingFirst(
  serversFor({ projects: selectedProjects(process.argv, Object.keys(serversOfProject)), needs: serversOfProject, all: allServers }),
);

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
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: ["fake-provider/**", "qa-disabled/**", "signup-closed/**", "screenshots/**", "scale-out/**"],
    },
    // The fake provider's request log and failure rules are shared by everyone who talks to it: its specs run one at a
    // time (beside the other projects), so "exactly one model request" counts only the running spec's requests.
    { name: "fake-provider", use: { ...devices["Desktop Chrome"] }, testMatch: "fake-provider/**/*.spec.ts", workers: 1 },
    { name: "qa-disabled", use: { ...devices["Desktop Chrome"], baseURL: qaDisabledUrl }, testMatch: "qa-disabled/**/*.spec.ts" },
    { name: "signup-closed", use: { ...devices["Desktop Chrome"], baseURL: signupClosedUrl }, testMatch: "signup-closed/**/*.spec.ts" },
    // The HTTP API and the chat (API and browser) against an instance on PostgreSQL.
    // backup-under-load is SQLite's online backup of the app server's file (PostgreSQL is backed up with pg_dump).
    {
      name: "postgres",
      use: { ...devices["Desktop Chrome"], baseURL: postgresUrl },
      testMatch: ["api/**/*.spec.ts", "chat.spec.ts"],
      // SQLite's own files: the backup command, and the modes and stored tokens of the SQLite server's data folder (the
      // signed-token rule they show holds for both adapters alike: tests/account/session-lookup.test.ts).
      testIgnore: ["api/backup-under-load.spec.ts", "api/data-at-rest.spec.ts"],
    },
    // The scale-out drills (scripts/drills/scale-out) start their own clusters, instances and nginx: one at a time.
    { name: "scale-out", testMatch: "scale-out/**/*.spec.ts", workers: 1 },
    // Only for `npm run screenshots` (not part of `npm test`): every page, both sizes, both themes, into screenshots/.
    { name: "screenshots", use: { ...devices["Desktop Chrome"] }, testMatch: "screenshots/**/*.spec.ts" },
  ],
  webServer,
});
