// Collects the Content-Security-Policy violations a browser context reports (Chromium logs each one to the console),
// so a spec fails when a page under the policy tried to run, load or style something the policy forbids.
import type { Browser, BrowserContext } from "@playwright/test";

export function watchContentSecurityPolicy(context: BrowserContext, violations: string[]): void {
  context.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) violations.push(`on ${message.page()?.url() ?? "?"} from ${message.location().url || "the page"}: ${text}`);
  });
}

/** Watches every context the test opens itself too; returns the function that puts `browser` back as it was. */
export function watchNewContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...options);
    watchContentSecurityPolicy(context, violations);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}
