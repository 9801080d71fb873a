// One save kept on this device until the network returns: the keyed HTTP write it will be sent as, and what the
// server said when it refused it (kept, so the person reads the server's words until they dismiss them).
import type { MeasurementField } from "@/lib/measurements/fields";

/** The body of PUT /api/v1/measurements/{date}: metric numbers, or a value as typed when it was not a plain number. */
export type QueuedSaveBody = { values: Partial<Record<MeasurementField, number | string>>; note?: string; replace?: true };

export type QueuedSaveRefusal = { status: number; code: string; detail: string };

export type QueuedSave = {
  /** Created once per save attempt and sent with every retry: a save that reached the server is replayed, not doubled. */
  idempotencyKey: string;
  /** The account that made the save; another account's saves are never listed or sent. */
  accountId: string;
  date: string;
  body: QueuedSaveBody;
  /** The person's time zone (the Time-Zone header), so "today" means their today when it is sent later. */
  timeZone: string;
  /** Milliseconds since the epoch; the queue is sent in this order. */
  queuedAt: number;
  refusal?: QueuedSaveRefusal;
};

/** The queue's storage, as the sender and the page use it (IndexedDB in the browser: measurement-queue.ts). */
export interface MeasurementQueue {
  /** This account's saves, oldest first. */
  list(): Promise<QueuedSave[]>;
  /** Keeps a save; a save already kept under the same key stays as it was (a retry never moves it in the order). */
  add(save: QueuedSave): Promise<void>;
  /** The person discarded it: it is never sent. */
  remove(idempotencyKey: string): Promise<void>;
  /** The server stored it (or replayed it as stored): it leaves the queue, and the page that queued it is told. */
  markStored(idempotencyKey: string): Promise<void>;
  markRefused(idempotencyKey: string, refusal: QueuedSaveRefusal): Promise<void>;
}
