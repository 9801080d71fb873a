// A MeasurementQueue held in memory, with a real mutual-exclusion lock, for the sender's tests (the browser's is
// IndexedDB and navigator.locks, driven by e2e/offline-queue.spec.ts).
import type { MeasurementQueue, QueuedSave } from "@/app/measurements/offline/queued-save";

export function createInMemoryQueue(saves: QueuedSave[] = []): MeasurementQueue & { saves: Map<string, QueuedSave>; storedKeys: string[] } {
  const stored = new Map(saves.map((save) => [save.idempotencyKey, save]));
  const storedKeys: string[] = [];
  return {
    saves: stored,
    storedKeys,
    async list() {
      return [...stored.values()].sort((a, b) => a.queuedAt - b.queuedAt);
    },
    async add(save) {
      if (!stored.has(save.idempotencyKey)) stored.set(save.idempotencyKey, save);
    },
    async remove(key) {
      stored.delete(key);
    },
    async markStored(key) {
      if (stored.delete(key)) storedKeys.push(key);
    },
    async markRefused(key, refusal) {
      const save = stored.get(key);
      if (save) stored.set(key, { ...save, refusal });
    },
  };
}

/** One holder at a time, the others wait in order: what navigator.locks.request gives the tabs of an origin. */
export function createLock(): <T>(run: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>) => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
}

export function queuedSave(overrides: Partial<QueuedSave> & Pick<QueuedSave, "idempotencyKey" | "queuedAt">): QueuedSave {
  return { accountId: "account-1", date: "2026-12-01", body: { values: { weight_kg: 77.4 } }, timeZone: "Europe/Lisbon", ...overrides };
}
