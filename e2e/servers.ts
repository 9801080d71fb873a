// Where the E2E servers listen, shared by playwright.config.ts and the specs: the app (QA on), the same build with QA
// off, and the fake model provider. E2E_PORT moves all three; when unset, a free port is chosen once by the runner
// (its workers inherit the variable), so suites running side by side on one machine do not collide.
import { execFileSync } from "node:child_process";

/** A port free right now on 127.0.0.1 (found synchronously: the config must be plain values). */
function findFreePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(findFreePort());
const appPort = Number(process.env.E2E_PORT);

export const servers = {
  appPort,
  appUrl: `http://127.0.0.1:${appPort}`,
  qaDisabledPort: appPort + 1,
  qaDisabledUrl: `http://127.0.0.1:${appPort + 1}`,
  fakeProviderPort: appPort + 10,
  fakeProviderUrl: `http://127.0.0.1:${appPort + 10}`,
};
