"use server";
// Server actions of /measurements: each checks the session itself, parses with zod, calls lib/ and returns a plain result.
import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDatabase } from "@/db/client";
import { argumentProblemMessage } from "@/lib/agent/messages/argument-messages";
import { getLocale } from "@/lib/i18n/get-locale";
import { todayIn } from "@/lib/measurements/dates";
import { deleteMeasurement } from "@/lib/measurements/delete-measurement";
import { measurementFields, type MeasurementValues } from "@/lib/measurements/fields";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { inputFieldOfProblem } from "@/lib/measurements/input-field-of-problem";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { calendarDateSchema, saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { requireUser } from "@/lib/session";
import type { SaveMeasurementFormState } from "./form-state";

const saveFormSchema = z.object({
  mode: z.enum(["add", "edit"]),
  idempotencyKey: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH),
  date: z.string().default(""),
  note: z.string().default(""),
  replace: z.enum(["true"]).optional(),
  timeZone: z.string().max(100).optional(),
  ...Object.fromEntries(measurementFields.map((field) => [field, z.string().optional()])),
});

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Today where the person is, so a late-evening entry in UTC-5 is not "in the future" for a UTC server. */
function todayFor(timeZone: string | undefined): string {
  try {
    return todayIn(timeZone || undefined);
  } catch {
    return todayIn();
  }
}

export async function saveMeasurementAction(_previous: SaveMeasurementFormState, formData: FormData): Promise<SaveMeasurementFormState> {
  const user = await requireUser();
  const locale = await getLocale();
  const form = saveFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return { status: "failed", code: "bad_form", message: "", keepKey: false };
  const fields = form.data as Record<string, string | undefined>;
  const values: Record<string, unknown> = {};
  for (const field of measurementFields) {
    const raw = fields[field]?.trim();
    // Anything that is not a plain number goes to validation as typed, so the message quotes what the person entered.
    if (raw) values[field] = PLAIN_NUMBER.test(raw) ? Number(raw) : raw;
  }
  const editing = form.data.mode === "edit";
  const input = {
    date: form.data.date.trim(),
    values,
    // Editing sends the note even when emptied (to clear it); adding leaves an existing note alone when blank.
    ...(editing || form.data.note.trim() !== "" ? { note: form.data.note } : {}),
    ...(editing || form.data.replace === "true" ? { replace: true } : {}),
  };
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input, today: todayFor(form.data.timeZone) });
  if (!validation.ok) {
    return { status: "invalid", problems: validation.problems.map((problem) => ({ field: inputFieldOfProblem(problem), message: argumentProblemMessage(problem, locale) })) };
  }
  const result = await saveMeasurement({
    handle: getDatabase(),
    userId: user.id,
    idempotencyKey: form.data.idempotencyKey,
    input: validation.value,
    traceId: randomUUID(),
    locale,
  });
  revalidatePath("/measurements");
  const { outcome } = result;
  if (result.status === "executed" || result.status === "replayed") {
    if (!outcome.isError) return { status: "saved", date: input.date, created: outcome.content.created === true };
    if (outcome.content.error === "conflict") {
      const details = outcome.content.details as { stored?: MeasurementValues; proposed?: MeasurementValues } | undefined;
      return { status: "conflict", date: input.date, stored: details?.stored ?? {}, proposed: details?.proposed ?? {} };
    }
  }
  const message = outcome.isError ? outcome.content.message : String(result.status);
  return { status: "failed", code: outcome.isError ? outcome.content.error : result.status, message, keepKey: result.status !== "key_reused" };
}

const deleteFormSchema = z.object({ date: calendarDateSchema });

/** Idempotent: deleting a date that holds nothing (a double click, another tab) is not an error. */
export async function deleteMeasurementAction(formData: FormData): Promise<void> {
  const user = await requireUser();
  const form = deleteFormSchema.safeParse({ date: formData.get("date") });
  if (!form.success) return;
  deleteMeasurement({ db: getDatabase().db, userId: user.id, date: form.data.date });
  revalidatePath("/measurements");
}
