// Saves made without a network (product.md, "Offline at the gym"): kept in IndexedDB with their Idempotency-Key, shown
// as waiting (never as saved), sent in order with the same key when the network returns, stored once even when an
// answer was lost, refused in the server's words, discardable, and never sent twice by two tabs.
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./coach-fixtures";
import { displayDate } from "./display-date";
import { daysAgo } from "./fixtures";
import { OfflineQueue, queuedSavesInDatabase, waitForServiceWorker } from "./offline-helpers";
import type { MeasurementsPage } from "./pages/measurements-page";

const BANNER = "You are offline: measurements you save wait here and are sent when the network returns; the Coach needs the network.";

/** Every PUT of a measurement the page sends, with its key and what came back. */
function watchPuts(page: Page): { key: string; status: number | null; replayed: string | null }[] {
  const puts: { key: string; status: number | null; replayed: string | null }[] = [];
  const record = async (request: Request) => {
    if (request.method() !== "PUT" || !request.url().includes("/api/v1/measurements/")) return;
    const entry = { key: request.headers()["idempotency-key"] ?? "", status: null as number | null, replayed: null as string | null };
    puts.push(entry);
    const response = await request.response().catch(() => null);
    entry.status = response?.status() ?? null;
    entry.replayed = response ? ((await response.allHeaders())["idempotent-replayed"] ?? null) : null;
  };
  page.on("request", (request) => void record(request));
  return puts;
}

/** What the add form says once the queue's sender (in this tab or another) reports its save stored. */
const sentText = (date: string) => `Sent from this device: the measurement for ${displayDate(date)} is saved.`;

/** Opens /measurements under the service worker, so it can reopen from the cache offline. */
async function openControlled(page: Page, measurementsPage: MeasurementsPage): Promise<void> {
  await measurementsPage.goto();
  await waitForServiceWorker(page);
  await page.reload();
}

/** Saves on the add form while offline and checks the page says it waits (not that it is saved); returns its key. */
async function saveOffline(page: Page, measurementsPage: MeasurementsPage, entry: { date: string; weight: string }): Promise<string> {
  const form = measurementsPage.addForm;
  await measurementsPage.fill(form, { date: entry.date, values: { weight_kg: entry.weight } });
  const key = await measurementsPage.idempotencyKey(form).inputValue();
  await measurementsPage.submit(form);
  await expect(form.getByTestId("measurement-form-queued")).toHaveText(
    `No network: the measurement for ${displayDate(entry.date)} waits on this device and is sent when the network returns. It is not saved yet.`,
  );
  await expect(measurementsPage.status(form, "success")).toHaveCount(0);
  await expect(measurementsPage.idempotencyKey(form)).not.toHaveValue(key);
  return key;
}

test("a save made offline waits in the queue across a reload, then is sent once with its key when the network returns", async ({
  page,
  context,
  user,
  measurementsPage,
  accountPage,
}) => {
  void user;
  const queue = new OfflineQueue(page);
  const puts = watchPuts(page);
  await openControlled(page, measurementsPage);
  await context.setOffline(true);
  await expect(queue.banner).toHaveText(BANNER);
  const date = daysAgo(2);
  const key = await saveOffline(page, measurementsPage, { date, weight: "77.4" });
  await expect(queue.save(date)).toHaveText(new RegExp(`^${displayDate(date)}: Weight 77.4 kg — waiting for the network\\.\\s*Discard$`));
  await expect(queue.save(date)).toHaveAttribute("data-state", "waiting");
  expect(await queuedSavesInDatabase(page)).toEqual([{ idempotencyKey: key, date }]);

  // Reopened offline from the cache: the save is still waiting, and nothing has been stored.
  await page.reload();
  await expect(queue.banner).toBeVisible();
  await expect(queue.save(date)).toHaveAttribute("data-state", "waiting");
  await expect(measurementsPage.emptyMessage).toBeVisible();
  expect(puts).toEqual([]);

  await context.setOffline(false);
  await expect(queue.section).toHaveCount(0);
  await expect(queue.banner).toBeHidden();
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("77.4");
  expect(puts).toEqual([{ key, status: 201, replayed: null }]);
  expect(await queuedSavesInDatabase(page)).toEqual([]);
  const stored = await page.request.get(`/api/v1/measurements/${date}`);
  expect(await stored.json()).toMatchObject({ date, values: { weight_kg: 77.4 } });

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("a queued save whose answer was cut after the server stored it is replayed with the same key and stored once", async ({
  page,
  context,
  user,
  measurementsPage,
  accountPage,
}) => {
  void user;
  const queue = new OfflineQueue(page);
  const puts = watchPuts(page);
  await openControlled(page, measurementsPage);
  await context.setOffline(true);
  const date = daysAgo(3);
  const key = await saveOffline(page, measurementsPage, { date, weight: "78.1" });

  // The first PUT reaches the server, which stores the save; its answer never reaches the page.
  let cut = false;
  await page.route("**/api/v1/measurements/*", async (route) => {
    if (route.request().method() !== "PUT" || cut) return route.fallback();
    cut = true;
    const answered = await route.fetch();
    expect(answered.status()).toBe(201);
    await route.abort("failed");
  });
  await context.setOffline(false);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("78.1", { timeout: 15_000 });
  await expect(queue.section).toHaveCount(0);
  // The replay answers what the first request answered (201 created), marked as a replay.
  expect(puts).toEqual([
    { key, status: null, replayed: null },
    { key, status: 201, replayed: "true" },
  ]);

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.measurements).toEqual([expect.objectContaining({ date, values: { weight_kg: 78.1 } })]);
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("an online save whose answer was cut waits in the queue with the form's key and is replayed once, not doubled", async ({
  page,
  user,
  measurementsPage,
  accountPage,
}) => {
  void user;
  const queue = new OfflineQueue(page);
  const puts = watchPuts(page);
  await openControlled(page, measurementsPage);
  // The server action reaches the server and saves; the page never gets its answer.
  let cut = false;
  await page.route("**/measurements", async (route) => {
    if (route.request().method() !== "POST" || cut) return route.fallback();
    cut = true;
    await route.fetch();
    await route.abort("failed");
  });
  const form = measurementsPage.addForm;
  const date = daysAgo(4);
  await measurementsPage.fill(form, { date, values: { weight_kg: "79.3" } });
  const key = await measurementsPage.idempotencyKey(form).inputValue();
  await measurementsPage.submit(form);
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("79.3");
  await expect(queue.section).toHaveCount(0);
  // The action's answer never came: the form says the queue's sender stored it (not the action's "Saved"), and no
  // longer that it waits (it may have said so for the moment the replay took).
  await expect(measurementsPage.status(form, "success")).toHaveText(sentText(date));
  await expect(form.getByTestId("measurement-form-queued")).toHaveCount(0);
  expect(puts).toEqual([{ key, status: 201, replayed: "true" }]);

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.measurements).toEqual([expect.objectContaining({ date, values: { weight_kg: 79.3 } })]);
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("lost_ack: the queued save's first answer is outcome_unknown, it keeps waiting, and the replay by key stores it once", async ({
  page,
  context,
  user,
  measurementsPage,
  qaPage,
  accountPage,
}) => {
  void user;
  const queue = new OfflineQueue(page);
  const puts = watchPuts(page);
  await measurementsPage.goto();
  await qaPage.armFrom({ mode: "lost_ack", target: "write", count: 1 });
  await waitForServiceWorker(page);
  await page.reload();
  await context.setOffline(true);
  const date = daysAgo(5);
  const key = await saveOffline(page, measurementsPage, { date, weight: "80.6" });
  await context.setOffline(false);
  await expect.poll(() => puts.map((put) => put.status)).toEqual([500]);
  // Unknown is not saved: the save still waits (it is not shown as refused either).
  await expect(queue.save(date)).toHaveAttribute("data-state", "waiting");
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("80.6", { timeout: 15_000 });
  await expect(queue.section).toHaveCount(0);
  expect(puts).toEqual([
    { key, status: 500, replayed: null },
    { key, status: 201, replayed: "true" },
  ]);

  await accountPage.goto();
  const data = await accountPage.downloadExport();
  expect(data.measurements).toEqual([expect.objectContaining({ date, values: { weight_kg: 80.6 } })]);
  expect(data.idempotency_records).toEqual([expect.objectContaining({ key, operation: "save_measurement", isError: false })]);
});

test("a conflict comes back in the server's own words and stays until dismissed; nothing is overwritten", async ({ page, context, user, measurementsPage }) => {
  void user;
  const queue = new OfflineQueue(page);
  await openControlled(page, measurementsPage);
  const date = daysAgo(6);
  await measurementsPage.add({ date, values: { weight_kg: "80" } });
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("80");
  await context.setOffline(true);
  await saveOffline(page, measurementsPage, { date, weight: "77" });
  await context.setOffline(false);

  const refused = queue.save(date);
  await expect(refused).toHaveAttribute("data-state", "refused");
  await expect(refused.getByTestId("queued-save-text")).toHaveText(
    `${displayDate(date)}: Weight 77 kg — not saved. The server said: ${date} already holds weight_kg 80; saving weight_kg 77 would overwrite it. Nothing was written. To overwrite, send the request again with "replace": true and a new Idempotency-Key.`,
  );
  await page.reload();
  await expect(queue.save(date)).toHaveAttribute("data-state", "refused");
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText("80");
  await queue.discard(date);
  await expect(queue.section).toHaveCount(0);
  expect(await queuedSavesInDatabase(page)).toEqual([]);
});

test("two tabs see the same queue, and when the network returns the save is sent once", async ({ page, context, user, measurementsPage }) => {
  void user;
  const other = await context.newPage();
  const puts = [...[page, other].map((tab) => watchPuts(tab))];
  await openControlled(page, measurementsPage);
  await other.goto("/measurements");
  await waitForServiceWorker(other);
  await context.setOffline(true);
  const date = daysAgo(7);
  const key = await saveOffline(page, measurementsPage, { date, weight: "76.9" });
  const otherQueue = new OfflineQueue(other);
  await expect(otherQueue.save(date)).toHaveAttribute("data-state", "waiting");

  await context.setOffline(false);
  await expect(new OfflineQueue(page).section).toHaveCount(0);
  await expect(otherQueue.section).toHaveCount(0);
  await expect(other.getByTestId(`measurement-value-${date}-weight_kg`)).toHaveText("76.9", { timeout: 15_000 });
  // Whichever tab held the lock and sent it, the form that queued it hears that it is stored.
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toHaveText(sentText(date));
  // Both tabs heard "online"; only the lock's holder found the save to send.
  expect(puts.flat()).toEqual([{ key, status: 201, replayed: null }]);
});

test("a discarded save is never sent", async ({ page, context, user, measurementsPage }) => {
  void user;
  const queue = new OfflineQueue(page);
  const puts = watchPuts(page);
  await openControlled(page, measurementsPage);
  await context.setOffline(true);
  const kept = daysAgo(8);
  const discarded = daysAgo(9);
  await saveOffline(page, measurementsPage, { date: discarded, weight: "75.5" });
  const key = await saveOffline(page, measurementsPage, { date: kept, weight: "75.1" });
  await expect(queue.saves).toHaveCount(2);
  await queue.discard(discarded);
  await context.setOffline(false);
  await expect(measurementsPage.value(kept, "weight_kg")).toHaveText("75.1");
  await expect(measurementsPage.status(measurementsPage.addForm, "success")).toHaveText(sentText(kept));
  await expect(queue.section).toHaveCount(0);
  expect(puts).toEqual([{ key, status: 201, replayed: null }]);
  await expect(measurementsPage.row(discarded)).toHaveCount(0);
});

test("discarding the save the form just queued takes the form's waiting message away; nothing is sent", async ({ page, context, user, measurementsPage }) => {
  void user;
  const queue = new OfflineQueue(page);
  const puts = watchPuts(page);
  await openControlled(page, measurementsPage);
  await context.setOffline(true);
  const date = daysAgo(10);
  await saveOffline(page, measurementsPage, { date, weight: "74.8" });
  await queue.discard(date);
  await expect(queue.section).toHaveCount(0);
  const form = measurementsPage.addForm;
  await expect(form.getByTestId("measurement-form-queued")).toHaveCount(0);
  await expect(measurementsPage.status(form, "success")).toHaveCount(0);
  await context.setOffline(false);
  await expect(queue.banner).toBeHidden();
  expect(puts).toEqual([]);
});
