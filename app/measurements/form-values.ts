// The save form's values as the save receives them, shared by the server action (parse-save-form.ts) and the queue of
// saves made offline (offline/queued-save-of-form.ts): both must send the same numbers, or a save whose first attempt
// reached the server would be refused as another request when the queue replays its key.
import { measurementFields, type MeasurementField } from "@/lib/measurements/fields";
import { toMetric, type Units } from "@/lib/measurements/display-units";

/** A plain number with a decimal point or a decimal comma ("77.4", "77,4"). */
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

export type FormValues = {
  /** Metric numbers; anything that is not a plain number as typed, so validation quotes what the person entered. */
  values: Partial<Record<MeasurementField, number | string>>;
  typed: Partial<Record<MeasurementField, string>>;
};

/**
 * `exact`: the edit form's untouched values, sent as their stored metric numbers, so showing 82.1 cm as 32.3 in and
 * converting it back (82.0 cm) never changes a value the person did not touch.
 */
export function formValuesOf(options: { fields: Record<string, unknown>; exact: readonly string[]; units: Units }): FormValues {
  const { fields, exact, units } = options;
  const values: FormValues["values"] = {};
  const typed: FormValues["typed"] = {};
  for (const field of measurementFields) {
    const raw = typeof fields[field] === "string" ? fields[field].trim() : "";
    if (!raw) continue;
    typed[field] = raw;
    if (!PLAIN_NUMBER.test(raw)) values[field] = raw;
    else if (exact.includes(field)) values[field] = Number(raw.replace(",", "."));
    else values[field] = toMetric({ field, value: Number(raw.replace(",", ".")), units });
  }
  return { values, typed };
}
