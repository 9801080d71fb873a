// Sends the waiting saves, oldest first, each with the key it was queued with, under one lock for all tabs: the queue
// is read inside the lock, so a second tab finds what the first already sent gone and never sends it again.
import type { MeasurementQueue, QueuedSave, QueuedSaveRefusal } from "./queued-save";

/** What one keyed write came back with. */
export type SendAnswer =
  | { kind: "stored" }
  /** The server refused the save (a conflict, invalid values, a reused key): its own words, kept for the person. */
  | { kind: "refused"; refusal: QueuedSaveRefusal }
  /** Nothing usable came back (no network, or the answer was cut): the save may or may not be stored. */
  | { kind: "network_error" }
  /** The server could not settle it now (write_failed, outcome_unknown, in flight, rate limited): same key later. */
  | { kind: "retry_later" };

export type SendQueuedMeasurementsOptions = {
  queue: MeasurementQueue;
  send: (save: QueuedSave) => Promise<SendAnswer>;
  /** Runs the callback while no other tab runs it (navigator.locks in the browser). */
  withLock: <T>(run: () => Promise<T>) => Promise<T>;
};

export type SendSummary = {
  stored: number;
  refused: number;
  /** Why sending stopped early, with saves still waiting; null when every waiting save was answered. */
  stoppedBy: "network_error" | "retry_later" | null;
};

export function sendQueuedMeasurements(options: SendQueuedMeasurementsOptions): Promise<SendSummary> {
  const { queue, send, withLock } = options;
  return withLock(async () => {
    const summary: SendSummary = { stored: 0, refused: 0, stoppedBy: null };
    // A refused save stays listed with the server's words until dismissed; it is never sent again.
    const waiting = (await queue.list()).filter((save) => save.refusal === undefined);
    for (const save of waiting) {
      const answer = await send(save);
      if (answer.kind === "stored") {
        await queue.markStored(save.idempotencyKey);
        summary.stored += 1;
      } else if (answer.kind === "refused") {
        await queue.markRefused(save.idempotencyKey, answer.refusal);
        summary.refused += 1;
      } else {
        // Stop here: later saves of the same day must not overtake this one.
        summary.stoppedBy = answer.kind;
        break;
      }
    }
    return summary;
  });
}
