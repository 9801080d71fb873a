// Turns the add/edit form's fields into a validated save (the tool's own schema) plus the edit's fields to clear.
// Values are typed in the person's units (a decimal comma is fine) and converted exactly to the stored metric ones.
import { z } from "zod";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { clearFieldsSchema, type ClearFields } from "@/lib/measurements/clear-fields";
import { measurementFields } from "@/lib/measurements/fields";
import { todayForTimeZone } from "@/lib/measurements/dates";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { inputFieldOfProblem } from "@/lib/measurements/input-field-of-problem";
import { unitSystems } from "@/lib/measurements/unit-system";
import { unitsOf } from "@/lib/measurements/display-units";
import { saveMeasurementInputSchema, validateArguments, type SaveMeasurementInput } from "@/lib/measurements/validation";
import type { SaveMeasurementFormState } from "./form-state";
import { formProblemMessage } from "./form-problem-message";
import { formValuesOf } from "./form-values";

const saveFormSchema = z.object({
  mode: z.enum(["add", "edit"]),
  idempotencyKey: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH),
  date: z.string().default(""),
  note: z.string().default(""),
  replace: z.enum(["true"]).optional(),
  timeZone: z.string().max(100).optional(),
  // The units the form was shown in (a form rendered before the person changed preference still means what it showed).
  units: z.enum(unitSystems).default("metric"),
  ...Object.fromEntries(measurementFields.map((field) => [field, z.string().optional()])),
});

export type ParsedSaveForm =
  | { ok: true; idempotencyKey: string; input: SaveMeasurementInput; clearFields: ClearFields }
  /** Nothing to save: the state the form shows (its key is kept unless the form itself was unreadable). */
  | { ok: false; state: SaveMeasurementFormState };

const badForm: ParsedSaveForm = { ok: false, state: { status: "failed", code: "bad_form", message: "", keepKey: false } };

export function parseSaveForm(options: { formData: FormData; locale: Locale }): ParsedSaveForm {
  const { formData, locale } = options;
  const form = saveFormSchema.safeParse(Object.fromEntries(formData));
  // `clear` may repeat (one entry per emptied field), so it is read as a list; only the edit form sends it.
  const clear = clearFieldsSchema.safeParse(formData.getAll("clear"));
  // `exact`: the edit form's untouched values, sent as their stored metric numbers (form-values.ts).
  const exact = clearFieldsSchema.safeParse(formData.getAll("exact"));
  if (!form.success || !clear.success || !exact.success) return badForm;
  const editing = form.data.mode === "edit";
  if (!editing && clear.data.length > 0) return badForm;
  const units = unitsOf(form.data.units);
  const { values, typed } = formValuesOf({ fields: form.data, exact: exact.data, units });
  // A field is either given or cleared; the form never sends both.
  if (clear.data.some((field) => field in values)) return badForm;
  const date = form.data.date.trim();
  // An edit that empties every value is refused, not turned into a delete: Save never removes a day (Delete does,
  // one click away in the table), and the record keeps at least one value as every save's arguments must.
  // Nothing is stored under the key, so the same key may carry the corrected form.
  if (editing && Object.keys(values).length === 0) {
    const message = formatMessage(dictionaries[locale].measurements.nothingLeft, { date: formatCalendarDate(date, locale) });
    return { ok: false, state: { status: "invalid", problems: [{ field: null, message }] } };
  }
  const input = {
    date,
    values,
    // Editing sends the note even when emptied (to clear it); adding leaves an existing note alone when blank.
    ...(editing || form.data.note.trim() !== "" ? { note: form.data.note } : {}),
    ...(editing || form.data.replace === "true" ? { replace: true } : {}),
  };
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input, today: todayForTimeZone(form.data.timeZone) });
  if (!validation.ok) {
    const text = dictionaries[locale].measurements;
    const problems = validation.problems.map((problem) => ({
      field: inputFieldOfProblem(problem),
      message: formProblemMessage(problem, { locale, text, units, typed }),
    }));
    return { ok: false, state: { status: "invalid", problems } };
  }
  return { ok: true, idempotencyKey: form.data.idempotencyKey, input: validation.value, clearFields: clear.data };
}
