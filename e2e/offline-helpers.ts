// What the offline specs read in the browser: the service worker's control, the caches it keeps, this device's queue
// of saves (IndexedDB) and its rows on /measurements.
import { expect, type Locator, type Page } from "@playwright/test";

/** Waits until the service worker controls the page (it registers after `load`, then claims open pages). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });
}

/** Every URL in every cache of this origin, by cache name. */
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const entries = await Promise.all(
      (await caches.keys()).map(async (name) => [name, (await (await caches.open(name)).keys()).map((request) => request.url)] as const),
    );
    return Object.fromEntries(entries);
  });
}

/** The saves kept in this device's queue database (none when the database does not exist). */
export function queuedSavesInDatabase(page: Page): Promise<{ idempotencyKey: string; date: string }[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === "palestra-offline")) return [];
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("palestra-offline");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!database.objectStoreNames.contains("measurement-saves")) return [];
      const all = database.transaction("measurement-saves").objectStore("measurement-saves").getAll();
      return await new Promise((resolve, reject) => {
        all.onsuccess = () =>
          resolve(all.result.map((save: { idempotencyKey: string; date: string }) => ({ idempotencyKey: save.idempotencyKey, date: save.date })));
        all.onerror = () => reject(all.error);
      });
    } finally {
      database.close();
    }
  });
}

export class OfflineQueue {
  constructor(private readonly page: Page) {}

  get section(): Locator {
    return this.page.getByTestId("offline-queue");
  }

  get saves(): Locator {
    return this.page.getByTestId("queued-save");
  }

  save(date: string): Locator {
    return this.page.locator(`[data-testid="queued-save"][data-date="${date}"]`);
  }

  get banner(): Locator {
    return this.page.getByTestId("offline-banner");
  }

  async discard(date: string): Promise<void> {
    await this.save(date).getByTestId("queued-save-discard").click();
    await expect(this.save(date)).toHaveCount(0);
  }
}
