// Where the E2E servers listen, shared by playwright.config.ts and the specs: the app (QA on), the same build with QA
// off, and the fake model provider. E2E_PORT moves all three, so two worktrees can run their suites side by side.
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const servers = {
  appPort,
  appUrl: `http://127.0.0.1:${appPort}`,
  qaDisabledPort: appPort + 1,
  qaDisabledUrl: `http://127.0.0.1:${appPort + 1}`,
  fakeProviderPort: appPort + 10,
  fakeProviderUrl: `http://127.0.0.1:${appPort + 10}`,
};
