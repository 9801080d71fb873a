// The form's save with or without a network: online it is the server action; offline, or when the action's request
// never got an answer (a network failure, even after reaching the server), the save waits in the queue with its key.
import { saveMeasurementAction } from "../actions";
import type { SaveMeasurementFormState } from "../form-state";
import { openMeasurementQueue } from "./measurement-queue";
import { queuedSaveOfForm } from "./queued-save-of-form";

export async function saveOrQueue(options: { previous: SaveMeasurementFormState; formData: FormData; accountId: string }): Promise<SaveMeasurementFormState> {
  const { previous, formData, accountId } = options;
  if (navigator.onLine) {
    try {
      return await saveMeasurementAction(previous, formData);
    } catch (error) {
      // fetch rejects with a TypeError when no answer arrives; anything else is the page's own failure.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  const save = queuedSaveOfForm({ formData, accountId });
  const date = String(formData.get("date") ?? "").trim();
  if (!save) return { status: "failed", code: "needs_network", message: "", keepKey: true, date };
  try {
    await openMeasurementQueue(accountId).add(save);
    return { status: "queued", date: save.date, idempotencyKey: save.idempotencyKey };
  } catch {
    // IndexedDB refused (private mode, storage full): say so; the key is kept for a retry online.
    return { status: "failed", code: "not_queued", message: "", keepKey: true, date };
  }
}
