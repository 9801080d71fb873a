// The page's manual save: the same idempotent save as the Coach's tool, under the user's QA storage faults and the
// tool deadline, with its result turned into the state the form shows.
import "server-only";
import type { MeasurementField, MeasurementValues } from "@/lib/measurements/fields";
import type { SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import { saveWithinDeadline } from "@/lib/measurements/save-within-deadline";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { outcomeUnknownOutcome } from "@/lib/outcome/write-outcomes";
import type { RequestScope } from "@/lib/scope/request-scope";
import type { SaveMeasurementFormState } from "./form-state";

export type SavePageMeasurementOptions = {
  /** The request's scope; past its tool deadline the answer is outcome_unknown, as for the Coach and the API. */
  scope: Pick<RequestScope, "store" | "userId" | "locale" | "traceId" | "faults" | "toolTimeoutMs">;
  idempotencyKey: string;
  input: SaveMeasurementInput;
  clearFields: readonly MeasurementField[];
};

function formStateOf(result: SaveMeasurementResult, date: string): SaveMeasurementFormState {
  const { outcome } = result;
  if (result.status === "executed" || result.status === "replayed") {
    if (!outcome.isError) return { status: "saved", date, created: outcome.content.created === true };
    if (outcome.content.error === "conflict") {
      const details = outcome.content.details as { stored?: MeasurementValues; proposed?: MeasurementValues } | undefined;
      return { status: "conflict", date, stored: details?.stored ?? {}, proposed: details?.proposed ?? {} };
    }
  }
  const message = outcome.isError ? outcome.content.message : String(result.status);
  // write_failed (nothing stored) and outcome_unknown (maybe stored) keep the key: a retry with it cannot duplicate.
  return { status: "failed", code: outcome.isError ? outcome.content.error : result.status, message, keepKey: result.status !== "key_reused", date };
}

export async function savePageMeasurement(options: SavePageMeasurementOptions): Promise<SaveMeasurementFormState> {
  const { scope, idempotencyKey, input, clearFields } = options;
  const { store, userId, locale, traceId, faults } = scope;
  const result = await saveWithinDeadline({
    save: { store, userId, idempotencyKey, input, clearFields, source: "form", traceId, locale, faults },
    timeoutMs: scope.toolTimeoutMs,
    exceptionEvent: "page-save-exception",
  });
  if (result !== "deadline") return formStateOf(result, input.date);
  const unknown = outcomeUnknownOutcome({ date: input.date, idempotencyKey, traceId, locale });
  const message = unknown.isError ? unknown.content.message : "";
  return { status: "failed", code: "outcome_unknown", message, keepKey: true, date: input.date };
}
