// What a failed or timed-out test's pages were doing when it ended, printed with the failure: CI keeps no trace, and a
// click that waits forever for "visible, enabled and stable" cannot tell a page whose animation frames stopped from one
// that navigated away or whose script is stuck. Each page gets 2 s to answer; a page that does not is said to be so.
import type { BrowserContext, Page, TestInfo } from "@playwright/test";

/** One page's state: its address, document, visibility, whether a service worker controls it, and whether frames run. */
type PageState = { url: string; readyState?: string; visibility?: string; controlled?: boolean; animationFrameMs?: number | null; answered: boolean };

const ANSWER_WITHIN_MS = 2_000;

async function stateOf(page: Page): Promise<PageState> {
  const url = page.url();
  const probe = page.evaluate(async (waitMs) => {
    const started = performance.now();
    // Null when no animation frame came within the wait: the page renders no frames (Playwright's "stable" never holds).
    const frame = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), waitMs);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
    });
    return {
      readyState: document.readyState,
      visibility: document.visibilityState,
      controlled: navigator.serviceWorker?.controller != null,
      animationFrameMs: frame === null ? null : Math.round(frame),
    };
  }, ANSWER_WITHIN_MS / 2);
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS));
  const answer = await Promise.race([probe.catch(() => undefined), timeout]);
  return answer ? { url, ...answer, answered: true } : { url, answered: false };
}

/** Prints and attaches the state of every page of `context` when the test did not end as expected. */
export async function reportPageStateOnFailure(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  const states = await Promise.all(context.pages().map((page) => stateOf(page)));
  const text = JSON.stringify(states);
  console.log(`page state at the end of "${testInfo.title}" (${testInfo.status}): ${text}`);
  await testInfo.attach("page-state", { body: text, contentType: "application/json" });
}
