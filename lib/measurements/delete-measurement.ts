// Deleting a user's record for a date; idempotent (deleting what is gone is not an error).
import "server-only";
import type { Store } from "@/lib/store/store";

export function deleteMeasurement(options: { store: Store; userId: string; date: string }): Promise<{ deleted: boolean }> {
  return options.store.measurements.deleteByDate({ userId: options.userId, date: options.date });
}
