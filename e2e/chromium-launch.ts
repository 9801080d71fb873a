// How every Playwright run here launches Chromium (the E2E suite, and the bench's first-visit figures): Debian's
// system Chromium, since browsers cannot be downloaded, with the flags a container without a GPU or sandbox needs and
// none of the background traffic (updates, sync) that would disturb a run.
export const chromiumLaunchOptions = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
