// A person's first visit: Largest Contentful Paint and Total Blocking Time of `/` (signed in) and `/measurements`,
// measured in Chromium with the Performance API, each the median of several cold loads (a new browser context each
// time: empty cache), against the same measurements of create-next-app's App Router template page, built with the
// same `next build` and served the same way. Loads alternate between the three pages, so all see the same machine.
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { chromiumLaunchOptions } from "@/e2e/chromium-launch";
import { createEntry, createUnmeasuredEntry, type BenchEntry } from "./bench-entry";
import { ensureFirstVisitBaselineBuild } from "./build-first-visit-baseline";
import { createBenchDirectory } from "./create-bench-directory";
import { findFreePort, startAppServer, startScriptNodeFlags, type AppServer } from "./start-app-server";
import { startHelperProcess, type HelperProcess } from "./start-helper-process";
import { percentileOf } from "./summarize-samples";

export type FirstVisitOptions = { rounds: number };

/** A mid-range phone, as Lighthouse's mobile profile emulates one: its screen, and the CPU slowed 4 times. */
export const PHONE_PROFILE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, cpuSlowdown: 4 } as const;
const PROFILE_LABEL = `phone, ${PHONE_PROFILE.cpuSlowdown}x CPU slowdown`;
/** Long tasks are those over 50 ms; what exceeds 50 ms blocks input (the definition Lighthouse's TBT uses). */
const LONG_TASK_MS = 50;
/** A load has settled once no long task ran for this long after the load event. */
const QUIET_MS = 1_000;
const TARGET = { lcpRatio: 1.5, tbtMs: 200 };
const BASELINE = "create-next-app App Router template page (bench/first-visit-baseline), same next build, served the same way";
const SEEDED_DAYS = 30;

type Seen = { fcp: number | null; lcp: number[]; longTasks: Array<{ start: number; duration: number }> };
export type VisitTiming = { lcpMs: number; fcpMs: number; tbtMs: number; longTasks: number };

// The in-page scripts are plain text: tsx compiles this file with esbuild's name-keeping helpers, which a function
// handed to the page would reference but not carry along.

/** Registered before any script of the page runs, so no paint or long task is missed. */
const OBSERVE_VITALS = `(() => {
  const seen = { fcp: null, lcp: [], longTasks: [] };
  window.__firstVisit = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp.push(entry.startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") seen.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
})()`;

/** Resolves once QUIET_MS passed after the load event with no long task ending in it (at most 20 s), with what was seen. */
const SETTLE_AND_READ = `(async () => {
  const seen = window.__firstVisit;
  const deadline = performance.now() + 20000;
  const navigation = performance.getEntriesByType("navigation")[0];
  const lastBusy = () => Math.max(navigation ? navigation.loadEventEnd : 0, ...seen.longTasks.map((task) => task.start + task.duration));
  while (performance.now() - lastBusy() < ${QUIET_MS} && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return { ...seen, endMs: performance.now() };
})()`;

/** Total Blocking Time: each long task clipped to [FCP, end], counting what exceeds 50 ms. */
export function totalBlockingTime(longTasks: Array<{ start: number; duration: number }>, fcpMs: number, endMs: number): number {
  let total = 0;
  for (const task of longTasks) {
    const start = Math.max(task.start, fcpMs);
    const end = Math.min(task.start + task.duration, endMs);
    if (end - start > LONG_TASK_MS) total += end - start - LONG_TASK_MS;
  }
  return total;
}

async function loadOnce(browser: Browser, target: { url: string; storageState?: BrowserContextOptions["storageState"] }): Promise<VisitTiming> {
  const { cpuSlowdown, ...device } = PHONE_PROFILE;
  const context = await browser.newContext({ ...device, storageState: target.storageState, locale: "en-US" });
  try {
    await context.addInitScript({ content: OBSERVE_VITALS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const response = await page.goto(target.url, { waitUntil: "load", timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${target.url} answered ${response?.status()}`);
    if (new URL(page.url()).pathname !== new URL(target.url).pathname) throw new Error(`${target.url} went to ${page.url()} (not signed in?)`);
    const seen = (await page.evaluate(SETTLE_AND_READ)) as Seen & { endMs: number };
    const lcpMs = seen.lcp.at(-1);
    if (seen.fcp === null || lcpMs === undefined)
      throw new Error(`${target.url}: Chromium reported no ${seen.fcp === null ? "first contentful paint" : "largest contentful paint"}`);
    return { lcpMs, fcpMs: seen.fcp, tbtMs: totalBlockingTime(seen.longTasks, seen.fcp, seen.endMs), longTasks: seen.longTasks.length };
  } finally {
    await context.close();
  }
}

/** A signed-up person with a month of weights, as the browser's cookies (the storage state every cold load starts from). */
async function signedInState(browser: Browser, server: AppServer): Promise<BrowserContextOptions["storageState"]> {
  const context = await browser.newContext();
  try {
    const credentials = { email: `first-visit-${Date.now()}@bench.test`, password: `first-visit-${crypto.randomUUID()}` };
    const headers = { origin: server.url, "x-forwarded-for": "10.78.0.1" };
    const signUp = await context.request.post(`${server.url}/api/auth/sign-up/email`, { headers, data: { name: "First Visit", ...credentials } });
    if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}`);
    // Sign-up opens no session (its answer must not tell a taken email from a new one): sign in for the cookie and token.
    const signIn = await context.request.post(`${server.url}/api/auth/sign-in/email`, { headers, data: credentials });
    const token = signIn.headers()["set-auth-token"];
    if (!signIn.ok() || !token) throw new Error(`sign-in answered ${signIn.status()} without a session token`);
    for (let day = 1; day <= SEEDED_DAYS; day += 1) {
      const date = `2020-01-${String(day).padStart(2, "0")}`;
      const saved = await context.request.put(`${server.url}/api/v1/measurements/${date}`, {
        headers: { authorization: `Bearer ${token}`, "idempotency-key": `first-visit-${day}` },
        data: { values: { weight_kg: Number((80 - day * 0.1).toFixed(1)), waist_cm: Number((90 - day * 0.1).toFixed(1)) } },
      });
      if (saved.status() !== 201) throw new Error(`seeding ${date} answered ${saved.status()}: ${(await saved.text()).slice(0, 300)}`);
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export function unmeasuredFirstVisitEntries(reason: string): BenchEntry[] {
  return ["/", "/measurements"].flatMap((route) => [
    createUnmeasuredEntry({
      name: `first visit (${PROFILE_LABEL}): LCP of ${route}`,
      unit: "ms",
      baseline: BASELINE,
      target: `ratio <= ${TARGET.lcpRatio}`,
      reason,
    }),
    createUnmeasuredEntry({ name: `first visit (${PROFILE_LABEL}): TBT of ${route}`, unit: "ms", baseline: BASELINE, target: `< ${TARGET.tbtMs} ms`, reason }),
  ]);
}

const median = (values: number[]) =>
  percentileOf(
    [...values].sort((left, right) => left - right),
    0.5,
  );

export async function measureFirstVisit(options: { settings: FirstVisitOptions; mayBuild: boolean; report: (line: string) => void }): Promise<BenchEntry[]> {
  const { settings, report } = options;
  const baselineBuild = ensureFirstVisitBaselineBuild({ mayBuild: options.mayBuild });
  if (!baselineBuild.ok) return unmeasuredFirstVisitEntries(baselineBuild.reason);
  if (baselineBuild.built) report("first visit: built the create-next-app baseline");
  const scratch = createBenchDirectory("first-visit");
  let server: AppServer | undefined;
  let baselineServer: HelperProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startAppServer({ directory: scratch.directory });
    const baselinePort = await findFreePort();
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    baselineServer = await startHelperProcess({
      name: "baseline app",
      args: [...startScriptNodeFlags(), "scripts/bench/serve-next-app.mjs", "--dir", baselineBuild.directory, "--port", String(baselinePort)],
      ready: async () => (await fetch(`${baselineUrl}/`)).ok,
    });
    browser = await chromium.launch(chromiumLaunchOptions);
    const storageState = await signedInState(browser, server);
    const targets = [
      { key: "/", url: `${server.url}/`, storageState },
      { key: "/measurements", url: `${server.url}/measurements`, storageState },
      { key: "baseline", url: `${baselineUrl}/` },
    ];
    report(`first visit: ${settings.rounds} cold loads of /, /measurements and the baseline each, alternating (${PROFILE_LABEL}), after one warm-up load each`);
    for (const target of targets) await loadOnce(browser, target);
    const timings = new Map<string, VisitTiming[]>(targets.map((target) => [target.key, []]));
    for (let round = 0; round < settings.rounds; round += 1) {
      for (let index = 0; index < targets.length; index += 1) {
        const target = targets[(round + index) % targets.length] as (typeof targets)[number];
        timings.get(target.key)?.push(await loadOnce(browser, target));
      }
    }
    const summary = (key: string) => {
      const loads = timings.get(key) ?? [];
      return {
        lcp: median(loads.map((load) => load.lcpMs)),
        tbt: median(loads.map((load) => load.tbtMs)),
        fcp: median(loads.map((load) => load.fcpMs)),
        lcpRange: `${Math.min(...loads.map((load) => load.lcpMs)).toFixed(0)}–${Math.max(...loads.map((load) => load.lcpMs)).toFixed(0)} ms`,
        tbtRange: `${Math.min(...loads.map((load) => load.tbtMs)).toFixed(0)}–${Math.max(...loads.map((load) => load.tbtMs)).toFixed(0)} ms`,
      };
    };
    const baseline = summary("baseline");
    return ["/", "/measurements"].flatMap((route) => {
      const ours = summary(route);
      const loads = `median of ${settings.rounds} cold loads (new browser context each), ${PHONE_PROFILE.viewport.width}x${PHONE_PROFILE.viewport.height}, CPU ${PHONE_PROFILE.cpuSlowdown}x slower (Chromium's throttling), loopback network`;
      return [
        createEntry({
          name: `first visit (${PROFILE_LABEL}): LCP of ${route}`,
          value: ours.lcp,
          unit: "ms",
          baseline: BASELINE,
          baselineValue: baseline.lcp,
          target: { description: `ratio <= ${TARGET.lcpRatio}`, holds: ({ ratio }) => ratio !== null && ratio <= TARGET.lcpRatio },
          digits: 0,
          note: `${loads}; ours ${ours.lcpRange} (FCP ${ours.fcp.toFixed(0)} ms), baseline ${baseline.lcpRange} (FCP ${baseline.fcp.toFixed(0)} ms)`,
        }),
        createEntry({
          name: `first visit (${PROFILE_LABEL}): TBT of ${route}`,
          value: ours.tbt,
          unit: "ms",
          baseline: BASELINE,
          baselineValue: baseline.tbt,
          target: { description: `< ${TARGET.tbtMs} ms`, holds: ({ value }) => value < TARGET.tbtMs },
          digits: 0,
          note: `${loads}; long tasks after FCP beyond ${LONG_TASK_MS} ms until ${QUIET_MS} ms without one after load; ours ${ours.tbtRange}, baseline ${baseline.tbtRange}`,
        }),
      ];
    });
  } catch (error) {
    report(`first visit failed: ${(error as Error).message}`);
    return unmeasuredFirstVisitEntries(`the run failed: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await browser?.close();
    await baselineServer?.stop();
    await server?.stop();
    scratch.remove();
  }
}
