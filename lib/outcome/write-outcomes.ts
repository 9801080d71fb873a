// The outcomes of a write that did not complete, built in one place for every surface (the tool, the page, the API,
// "Save it now"): write_failed when certainly nothing was stored, outcome_unknown when it may have been.
import type { Locale } from "@/lib/i18n/locale";
import { toolErrorMessages } from "./tool-error-messages";
import { errorOutcome, type ToolOutcome } from "./tool-outcome";

export function writeFailedOutcome(options: { date: string; traceId: string; locale: Locale }): ToolOutcome {
  const { date, traceId, locale } = options;
  return errorOutcome({ code: "write_failed", message: toolErrorMessages[locale].writeFailed({ date }), traceId, details: { date } });
}

/** It may or may not be stored: resolved later by looking the key up (never by running it again unasked). */
export function outcomeUnknownOutcome(options: { date: string; idempotencyKey: string; traceId: string; locale: Locale }): ToolOutcome {
  const { date, idempotencyKey, traceId, locale } = options;
  return errorOutcome({
    code: "outcome_unknown",
    message: toolErrorMessages[locale].outcomeUnknown({ date, idempotencyKey }),
    traceId,
    details: { date, idempotency_key: idempotencyKey },
  });
}

export function goalWriteFailedOutcome(options: { field: string; traceId: string; locale: Locale }): ToolOutcome {
  const { field, traceId, locale } = options;
  return errorOutcome({ code: "write_failed", message: toolErrorMessages[locale].goalWriteFailed({ field }), traceId, details: { field } });
}

/** A goal that may or may not be stored: resolved by looking the key up, as a save is. */
export function goalOutcomeUnknownOutcome(options: { field: string; idempotencyKey: string; traceId: string; locale: Locale }): ToolOutcome {
  const { field, idempotencyKey, traceId, locale } = options;
  return errorOutcome({
    code: "outcome_unknown",
    message: toolErrorMessages[locale].goalOutcomeUnknown({ field, idempotencyKey }),
    traceId,
    details: { field, idempotency_key: idempotencyKey },
  });
}
