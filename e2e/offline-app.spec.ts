// The installable app without a network (product.md, "Offline at the gym"): manifest, icons and a service worker
// registered only after `load`; pages opened before reopen offline from the cache under a plain banner; the chat says
// the Coach needs the network; API answers are never cached; signing out deletes the pages cache and the queue.
import { expect, test } from "./coach-fixtures";
import { daysAgo } from "./fixtures";
import { cachedUrls, OfflineQueue, queuedSavesInDatabase, waitForServiceWorker } from "./offline-helpers";
import { LoginPage } from "./pages/login-page";

test("installable: the manifest names its icons, each is served, and the service worker is registered only after load", async ({ page, user }) => {
  void user;
  await page.addInitScript(() => {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
      (window as unknown as { registeredAt: string }).registeredAt = document.readyState;
      return register(...args);
    };
  });
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: "Palestra", start_url: "/", display: "standalone" });
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["content-type"]).toContain("text/javascript");

  await page.goto("/measurements");
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => (window as unknown as { registeredAt: string }).registeredAt)).toBe("complete");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/sw\.js$/);
  // No classic script stops the parser above the page's content: the banner's script is a module (it held back the
  // largest paint of / on a phone when it was not; BENCHMARKS.md, #30).
  const parserBlocking = await page.evaluate(() =>
    [...document.querySelectorAll("body script")]
      .filter((script) => script.compareDocumentPosition(document.getElementById("main") as Node) & Node.DOCUMENT_POSITION_FOLLOWING)
      .filter((script) => !script.hasAttribute("src") && script.getAttribute("type") !== "module")
      .map((script) => script.textContent?.slice(0, 60)),
  );
  expect(parserBlocking).toEqual([]);
});

test("pages opened online reopen offline from the cache with the banner; the chat says the Coach needs the network", async ({
  page,
  context,
  user,
  measurementsPage,
  chatPage,
}) => {
  void user;
  await measurementsPage.goto();
  await waitForServiceWorker(page);
  await measurementsPage.add({ date: daysAgo(1), values: { weight_kg: "77.4" } });
  await expect(measurementsPage.value(daysAgo(1), "weight_kg")).toHaveText("77.4");
  for (const path of ["/", "/measurements", "/account"]) await page.goto(path);

  await context.setOffline(true);
  const banner = new OfflineQueue(page).banner;
  await page.goto("/measurements");
  await expect(banner).toHaveText("You are offline: measurements you save wait here and are sent when the network returns; the Coach needs the network.");
  await expect(measurementsPage.value(daysAgo(1), "weight_kg")).toHaveText("77.4");
  await page.goto("/account");
  await expect(banner).toBeVisible();
  await expect(page.getByTestId("email-form")).toBeVisible();

  await chatPage.goto();
  await expect(banner).toBeVisible();
  await expect(page.getByTestId("chat-offline")).toHaveText("You are offline: the Coach needs the network. Your message stays here until you are back online.");
  await chatPage.input.fill("I weighed 77 kg today");
  await expect(chatPage.sendButton).toBeDisabled();
  await chatPage.input.press("Enter");
  await expect(chatPage.input).toHaveValue("I weighed 77 kg today");
  await expect(chatPage.turns).toHaveCount(0);

  // A page never opened on this device cannot be shown: the worker says so, in the browser's language.
  const response = await page.goto("/traces");
  expect(response?.status()).toBe(503);
  await expect(page.locator("h1")).toHaveText("Offline");
  await expect(page.locator("p").first()).toHaveText("You are offline, and this page was not opened on this device before, so it cannot be shown now.");

  await context.setOffline(false);
  await chatPage.goto();
  await expect(banner).toBeHidden();
  await expect(page.getByTestId("chat-offline")).toHaveCount(0);
  await expect(chatPage.sendButton).toBeEnabled();

  // No answer of the API is ever kept, whichever cache.
  const urls = Object.values(await cachedUrls(page)).flat();
  expect(urls.some((url) => new URL(url).pathname === "/measurements")).toBe(true);
  expect(urls.filter((url) => new URL(url).pathname.startsWith("/api/"))).toEqual([]);
});

test("signing out deletes this device's cached pages and its queue, so the next account never sees them", async ({
  page,
  context,
  user,
  measurementsPage,
  signInAnotherUser,
}) => {
  void user;
  await measurementsPage.goto();
  await waitForServiceWorker(page);
  await page.reload();
  await context.setOffline(true);
  const date = daysAgo(2);
  await measurementsPage.add({ date, values: { weight_kg: "81.2" } });
  await expect(new OfflineQueue(page).save(date)).toHaveAttribute("data-state", "waiting");
  // Back online with the API out of reach, so the save is still waiting when the person signs out.
  await page.route("**/api/v1/measurements/*", (route) => route.abort("failed"));
  await context.setOffline(false);
  expect(await queuedSavesInDatabase(page)).toHaveLength(1);
  expect((await cachedUrls(page))["palestra-pages"]?.length ?? 0).toBeGreaterThan(0);

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => queuedSavesInDatabase(page)).toEqual([]);
  await expect.poll(async () => (await cachedUrls(page))["palestra-pages"] ?? []).toEqual([]);
  await page.unroute("**/api/v1/measurements/*");

  // Another account signs in on this device: offline, the first account's page is not there to be shown.
  const other = await signInAnotherUser();
  void other;
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(other.credentials.email, other.credentials.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await context.setOffline(true);
  const response = await page.goto("/measurements");
  expect(response?.status()).toBe(503);
  await expect(page.locator("h1")).toHaveText("Offline");
  await context.setOffline(false);
});
