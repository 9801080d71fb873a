// Where the E2E servers listen, shared by playwright.config.ts and the specs: the app (QA on), the same build with QA
// off, the same build with sign-ups closed, and the fake model provider. Each port is free when the runner starts; the workers it starts inherit the
// variables, so every process agrees. E2E_PORT, E2E_QA_DISABLED_PORT, E2E_SIGNUP_CLOSED_PORT and E2E_FAKE_PROVIDER_PORT pin them.
import { execFileSync } from "node:child_process";
import path from "node:path";

/** A port free right now on 127.0.0.1 (found synchronously: the config must be plain values). */
function findFreePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

function portFrom(variable: string): number {
  if (!process.env[variable]) process.env[variable] = String(findFreePort());
  return Number(process.env[variable]);
}

const appPort = portFrom("E2E_PORT");
const qaDisabledPort = portFrom("E2E_QA_DISABLED_PORT");
const fakeProviderPort = portFrom("E2E_FAKE_PROVIDER_PORT");
const signupClosedPort = portFrom("E2E_SIGNUP_CLOSED_PORT");
const postgresPort = portFrom("E2E_POSTGRES_PORT");

export const servers = {
  appPort,
  /** The app server's database (wiped before every run): the operator commands' specs run against it while it serves. */
  appDatabasePath: path.join(process.cwd(), ".e2e-data", "app", "palestra.db"),
  appUrl: `http://127.0.0.1:${appPort}`,
  qaDisabledPort,
  qaDisabledUrl: `http://127.0.0.1:${qaDisabledPort}`,
  fakeProviderPort,
  fakeProviderUrl: `http://127.0.0.1:${fakeProviderPort}`,
  signupClosedPort,
  signupClosedUrl: `http://127.0.0.1:${signupClosedPort}`,
  postgresPort,
  postgresUrl: `http://127.0.0.1:${postgresPort}`,
  /** Where the PostgreSQL server's command writes its throwaway cluster's DATABASE_URL, for specs that hold a lock in it. */
  postgresDatabaseUrlFile: path.join(process.cwd(), ".e2e-data", "postgres", "database-url"),
};
