"use server";
// Server actions of /measurements: each checks the session itself, parses with zod, calls lib/ and returns a plain result.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDatabase } from "@/db/client";
import { getEnv } from "@/lib/env";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { getLocale } from "@/lib/i18n/get-locale";
import { deleteMeasurement } from "@/lib/measurements/delete-measurement";
import { calendarDateSchema } from "@/lib/measurements/validation";
import { requireUser } from "@/lib/session";
import type { SaveMeasurementFormState } from "./form-state";
import { parseSaveForm } from "./parse-save-form";
import { savePageMeasurement } from "./save-page-measurement";

export async function saveMeasurementAction(_previous: SaveMeasurementFormState, formData: FormData): Promise<SaveMeasurementFormState> {
  const user = await requireUser();
  const locale = await getLocale();
  const parsed = parseSaveForm({ formData, locale });
  if (!parsed.ok) return parsed.state;
  const env = getEnv();
  const handle = getDatabase();
  const state = await savePageMeasurement({
    handle,
    userId: user.id,
    idempotencyKey: parsed.idempotencyKey,
    input: parsed.input,
    clearFields: parsed.clearFields,
    locale,
    // The user's QA faults reach the page's saves as they reach the Coach's tools and the API (product.md).
    faults: createStorageFaults({ db: handle.db, userId: user.id, enabled: env.qaEnabled }),
    timeoutMs: env.PALESTRA_TOOL_TIMEOUT_MS,
  });
  revalidatePath("/measurements");
  return state;
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
