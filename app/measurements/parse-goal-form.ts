// Turns the goal form's fields into set_goal's own arguments (the ones PUT /api/v1/goals/{field} takes): the target
// typed in the person's units (a decimal comma is fine) goes with those units, and the tool's schema converts and
// checks it, so a range error names the limits in the unit the person typed.
import { z } from "zod";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import { unitsOf } from "@/lib/measurements/display-units";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields } from "@/lib/measurements/fields";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { setGoalInputSchema, type SetGoalInput } from "@/lib/measurements/set-goal-input";
import { todayForTimeZone } from "@/lib/measurements/dates";
import { unitSystems } from "@/lib/measurements/unit-system";
import { validateArguments } from "@/lib/measurements/validation";
import { formProblemMessage } from "./form-problem-message";
import type { GoalFormState } from "./goal-form-state";

const goalFormSchema = z.object({
  idempotencyKey: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH),
  field: z.enum(measurementFields),
  target: z.string().default(""),
  remove: z.enum(["true"]).optional(),
  timeZone: z.string().max(100).optional(),
  // The units the form was shown in (a form rendered before the person changed preference still means what it showed).
  units: z.enum(unitSystems).default("metric"),
});

/** A plain number with a decimal point or a decimal comma ("72.5", "72,5"). */
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

export type ParsedGoalForm = { ok: true; idempotencyKey: string; input: SetGoalInput } | { ok: false; state: GoalFormState };

export function parseGoalForm(options: { formData: FormData; locale: Locale }): ParsedGoalForm {
  const { formData, locale } = options;
  const form = goalFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return { ok: false, state: { status: "failed", field: null, code: "bad_form", keepKey: false } };
  const { field, remove, units: unitSystem } = form.data;
  const text = dictionaries[locale].measurements;
  const typed = form.data.target.trim();
  if (!remove && typed === "") {
    return { ok: false, state: { status: "invalid", field, message: formatMessage(text.goalForm.targetMissing, { field: fieldLabels[locale][field].label }) } };
  }
  // Anything that is not a plain number goes to validation as typed, so the message quotes what the person entered.
  const target = remove ? null : PLAIN_NUMBER.test(typed) ? Number(typed.replace(",", ".")) : typed;
  const units = unitsOf(unitSystem);
  const sent = { field, target, ...(unitSystem === "imperial" ? { units } : {}) };
  const validation = validateArguments({ schema: setGoalInputSchema, input: sent, today: todayForTimeZone(form.data.timeZone) });
  if (!validation.ok) {
    const message = validation.problems.map((problem) => formProblemMessage(problem, { locale, text, units, typed: { [field]: typed } })).join(" ");
    return { ok: false, state: { status: "invalid", field, message } };
  }
  return { ok: true, idempotencyKey: form.data.idempotencyKey, input: validation.value };
}
