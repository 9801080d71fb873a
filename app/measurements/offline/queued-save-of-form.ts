// A save typed on the measurements form, as the queue keeps it: the same values, note and replace the server action
// would have saved (form-values.ts), so the queue's keyed write matches the action's fingerprint under the same key.
import { unitsOf } from "@/lib/measurements/display-units";
import { unitSystems, type UnitSystem } from "@/lib/measurements/unit-system";
import { formValuesOf } from "../form-values";
import type { QueuedSave } from "./queued-save";

/** null when the save cannot be sent as the API's write: an edit that empties a value (the API has no such field). */
export function queuedSaveOfForm(options: { formData: FormData; accountId: string; now?: number }): QueuedSave | null {
  const { formData, accountId } = options;
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  if (formData.getAll("clear").length > 0) return null;
  const editing = text("mode") === "edit";
  const unitSystem = (unitSystems as readonly string[]).includes(text("units")) ? (text("units") as UnitSystem) : "metric";
  const exact = formData.getAll("exact").filter((field): field is string => typeof field === "string");
  const { values } = formValuesOf({ fields: Object.fromEntries(formData), exact, units: unitsOf(unitSystem) });
  const note = text("note");
  return {
    idempotencyKey: text("idempotencyKey"),
    accountId,
    date: text("date").trim(),
    body: {
      values,
      // As the action: an edit sends its note even when emptied; an added save only a note with something in it.
      ...(editing || note.trim() !== "" ? { note } : {}),
      ...(editing || text("replace") === "true" ? { replace: true as const } : {}),
    },
    timeZone: text("timeZone") || Intl.DateTimeFormat().resolvedOptions().timeZone,
    queuedAt: options.now ?? Date.now(),
  };
}
