"use server";
// Server actions of /measurements: each checks the session itself, parses with zod, calls lib/ and returns a plain result.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getLocale } from "@/lib/i18n/get-locale";
import { deleteMeasurement } from "@/lib/measurements/delete-measurement";
import { todayForTimeZone } from "@/lib/measurements/dates";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { calendarDateSchema, saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { getStore } from "@/lib/scope/get-store";
import { createRequestScope } from "@/lib/scope/request-scope";
import { requireUser } from "@/lib/session";
import type { SaveMeasurementFormState } from "./form-state";
import type { GoalFormState } from "./goal-form-state";
import { parseGoalForm } from "./parse-goal-form";
import { setPageGoal } from "./set-page-goal";
import { parseSaveForm } from "./parse-save-form";
import { savePageMeasurement } from "./save-page-measurement";

export async function saveMeasurementAction(_previous: SaveMeasurementFormState, formData: FormData): Promise<SaveMeasurementFormState> {
  const user = await requireUser();
  const locale = await getLocale();
  const parsed = parseSaveForm({ formData, locale });
  if (!parsed.ok) return parsed.state;
  const state = await savePageMeasurement({
    // The user's QA faults (in the scope) reach the page's saves as they reach the Coach's tools and the API.
    scope: createRequestScope({ user, locale }),
    idempotencyKey: parsed.idempotencyKey,
    input: parsed.input,
    clearFields: parsed.clearFields,
  });
  revalidatePath("/measurements");
  return state;
}

/** Sets, changes or removes one field's goal (the goal form): set_goal's write with the form's idempotency key. */
export async function setGoalAction(_previous: GoalFormState, formData: FormData): Promise<GoalFormState> {
  const user = await requireUser();
  const locale = await getLocale();
  const parsed = parseGoalForm({ formData, locale });
  if (!parsed.ok) return parsed.state;
  const state = await setPageGoal({ scope: createRequestScope({ user, locale }), idempotencyKey: parsed.idempotencyKey, input: parsed.input });
  revalidatePath("/measurements");
  return state;
}

const deleteFormSchema = z.object({ date: calendarDateSchema });

/** Idempotent: deleting a date that holds nothing (a double click, another tab) is not an error. */
export async function deleteMeasurementAction(formData: FormData): Promise<void> {
  const user = await requireUser();
  const form = deleteFormSchema.safeParse({ date: formData.get("date") });
  if (!form.success) return;
  await deleteMeasurement({ store: getStore(), userId: user.id, date: form.data.date });
  revalidatePath("/measurements");
}

const restoreInputSchema = z.object({
  idempotencyKey: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH),
  record: z.object({ date: z.string(), values: z.record(z.string(), z.unknown()), note: z.string().nullable() }),
  timeZone: z.string().max(100).optional(),
});

/**
 * Undo of a delete: saves the record the page had shown back, with a key fixed by the page (a double click restores
 * once). Never replaces: a value saved for that date in the meantime is reported as a conflict and kept.
 */
export async function restoreMeasurementAction(input: {
  idempotencyKey: string;
  record: { date: string; values: Record<string, number>; note: string | null };
  timeZone?: string;
}): Promise<SaveMeasurementFormState> {
  const user = await requireUser();
  const parsed = restoreInputSchema.safeParse(input);
  if (!parsed.success) return { status: "failed", code: "bad_form", message: "", keepKey: false };
  const { record, idempotencyKey, timeZone } = parsed.data;
  const candidate = { date: record.date, values: record.values, ...(record.note !== null ? { note: record.note } : {}) };
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input: candidate, today: todayForTimeZone(timeZone) });
  if (!validation.ok) return { status: "failed", code: "bad_form", message: "", keepKey: false };
  const state = await savePageMeasurement({
    scope: createRequestScope({ user, locale: await getLocale(), timeZone }),
    idempotencyKey,
    input: validation.value,
    clearFields: [],
  });
  revalidatePath("/measurements");
  return state;
}
