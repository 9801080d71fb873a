// The queue of saves made without a network, in IndexedDB (it survives closing the tab), one object store keyed by the
// save's Idempotency-Key. Signing out or changing account deletes the whole database (offline-script.ts).
import type { MeasurementQueue, QueuedSave, QueuedSaveRefusal } from "./queued-save";

export const QUEUE_DATABASE = "palestra-offline";
const STORE = "measurement-saves";

/** Tabs and the sign-out cleanup tell each other here when the queue changed, so every open page shows it as it is. */
export const QUEUE_CHANNEL = "palestra-measurement-queue";

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(QUEUE_DATABASE, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "idempotencyKey" });
  return promised(request).then((database) => {
    // A sign-out in another tab deletes the database: close, or the deletion would wait for this tab.
    database.onversionchange = () => database.close();
    return database;
  });
}

/** Runs one request in its own transaction and resolves when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, makeRequest: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    const transaction = database.transaction(STORE, mode);
    const result = promised(makeRequest(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return await result;
  } finally {
    database.close();
  }
}

/**
 * "added": a save joined the queue in this tab (the page sends it at once when online); "changed": anything else in
 * this tab; "elsewhere": another tab changed it (it may have sent saves this tab's table does not show yet).
 */
export type QueueChange = "added" | "changed" | "elsewhere";

/** What tabs post on the channel: the queue changed, and the keys of the saves that left it because they were stored. */
type QueueMessage = { storedKey: string | null };

/** This tab's own event: the change, and the key of a save that left the queue stored. */
type LocalChange = { change: Exclude<QueueChange, "elsewhere">; storedKey: string | null };

function announceChange(change: Exclude<QueueChange, "elsewhere">, storedKey: string | null = null): void {
  window.dispatchEvent(new CustomEvent<LocalChange>(QUEUE_CHANNEL, { detail: { change, storedKey } }));
  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel(QUEUE_CHANNEL);
    channel.postMessage({ storedKey } satisfies QueueMessage);
    channel.close();
  }
}

/** Keys this tab's sender saw stored, so a form that mounts after the answer still learns it (a tab's lifetime). */
const storedHere = new Set<string>();

/** True when this tab's sender removed the save under this key because the server stored it. */
export function wasStoredHere(idempotencyKey: string): boolean {
  return storedHere.has(idempotencyKey);
}

export function openMeasurementQueue(accountId: string): MeasurementQueue {
  return {
    async list() {
      const saves = (await run("readonly", (store) => store.getAll())) as QueuedSave[];
      return saves.filter((save) => save.accountId === accountId).sort((a, b) => a.queuedAt - b.queuedAt);
    },
    async add(save) {
      await run("readwrite", (store) => store.add(save)).catch((error: unknown) => {
        // Already kept under this key: the first attempt's place in the order stands.
        if (!(error instanceof DOMException && error.name === "ConstraintError")) throw error;
      });
      announceChange("added");
    },
    async remove(idempotencyKey) {
      await run("readwrite", (store) => store.delete(idempotencyKey));
      announceChange("changed");
    },
    async markStored(idempotencyKey) {
      await run("readwrite", (store) => store.delete(idempotencyKey));
      storedHere.add(idempotencyKey);
      announceChange("changed", idempotencyKey);
    },
    async markRefused(idempotencyKey: string, refusal: QueuedSaveRefusal) {
      const database = await openDatabase();
      try {
        // Read and write in one transaction, so a discard in another tab between them cannot be undone.
        const transaction = database.transaction(STORE, "readwrite");
        const store = transaction.objectStore(STORE);
        const save = (await promised(store.get(idempotencyKey))) as QueuedSave | undefined;
        if (save) store.put({ ...save, refusal });
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      } finally {
        database.close();
      }
      announceChange("changed");
    },
  };
}

/**
 * Calls `onChange` when this tab or another changed the queue, with the key of a save that left it because the server
 * stored it (the sender may be another tab: the one holding the lock).
 */
export function watchMeasurementQueue(onChange: (change: QueueChange, storedKey: string | null) => void): () => void {
  const local = (event: Event) => {
    const { change, storedKey } = (event as CustomEvent<LocalChange>).detail;
    onChange(change, storedKey);
  };
  const other = (event: MessageEvent) => {
    const storedKey = (event.data as Partial<QueueMessage> | null)?.storedKey;
    onChange("elsewhere", typeof storedKey === "string" ? storedKey : null);
  };
  window.addEventListener(QUEUE_CHANNEL, local);
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(QUEUE_CHANNEL) : null;
  channel?.addEventListener("message", other);
  return () => {
    window.removeEventListener(QUEUE_CHANNEL, local);
    channel?.close();
  };
}
