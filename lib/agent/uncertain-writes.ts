// Resolving a write whose outcome was unknown: look its idempotency key up, and, only when the user asks, run the
// same write again with the SAME key (so it can never be stored twice).
import "server-only";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/client";
import { toolCall } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { todayIn } from "@/lib/measurements/dates";
import { findIdempotencyRecord } from "@/lib/measurements/idempotency-records";
import type { SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import { saveWithinDeadline } from "@/lib/measurements/save-within-deadline";
import { saveMeasurementToolInputSchema } from "@/lib/measurements/save-measurement-tool-input";
import { validateArguments } from "@/lib/measurements/validation";
import type { StorageFaults } from "@/lib/faults/storage-faults";
import { toolErrorMessages } from "./messages/tool-error-messages";
import { errorOutcome, serializeOutcomeContent, type ToolOutcome } from "./tool-outcome";
import type { WriteResolution } from "./write-resolutions";

export type { WriteResolution } from "./write-resolutions";

export type UncertainWrite = { toolCallId: string; idempotencyKey: string; arguments: string; turnId: string; resolution: WriteResolution | null };

/** The user's own write tool call, or undefined (another user's id included). */
function findOwnWriteCall(handle: DatabaseHandle, options: { userId: string; toolCallId: string }): UncertainWrite | undefined {
  const row = handle.db
    .select()
    .from(toolCall)
    .where(and(eq(toolCall.id, options.toolCallId), eq(toolCall.userId, options.userId)))
    .get();
  if (!row || !row.idempotencyKey) return undefined;
  return { toolCallId: row.id, idempotencyKey: row.idempotencyKey, arguments: row.arguments, turnId: row.turnId, resolution: row.resolution };
}

/** Looks the key up: a recorded outcome means the write completed, as a save or as a refusal (a conflict). Records what it found on the tool call. */
export function checkUncertainWrite(options: { handle: DatabaseHandle; userId: string; toolCallId: string }): { resolution: WriteResolution } | undefined {
  const call = findOwnWriteCall(options.handle, options);
  if (!call) return undefined;
  const record = findIdempotencyRecord({ db: options.handle.db, userId: options.userId, key: call.idempotencyKey });
  const resolution: WriteResolution = !record ? "not_saved" : record.isError ? "refused" : "saved";
  options.handle.db.update(toolCall).set({ resolution }).where(eq(toolCall.id, call.toolCallId)).run();
  return { resolution };
}

/**
 * What the re-run tells about the key, or null when it is unknown again. A rolled-back re-run (begin, body) passed the
 * key look-up and found nothing, so nothing is stored; one that failed before BEGIN may have failed in that look-up,
 * so it keeps what was known before.
 */
function resolutionAfterRetry(result: SaveMeasurementResult, before: WriteResolution | null): WriteResolution | null {
  switch (result.status) {
    case "executed":
    case "replayed":
      return result.outcome.isError ? "refused" : "saved";
    case "key_reused":
      return "refused";
    case "write_failed":
      return result.phase === "before_begin" ? before : "not_saved";
    case "outcome_unknown":
      return null;
  }
}

/** "deadline": the re-run passed the tool deadline too (a hung storage layer), so its outcome is unknown again. */
export type RetryUncertainWriteResult = (SaveMeasurementResult | { status: "deadline"; outcome: ToolOutcome; serialized: string }) & { resolution: WriteResolution | null };

/**
 * Runs the stored write again with its original key; a completed key replays instead of writing twice. Records on the
 * tool call what the re-run found (a conflict is "refused", never "saved") and returns it with the result.
 */
export async function retryUncertainWrite(options: {
  handle: DatabaseHandle;
  userId: string;
  toolCallId: string;
  locale: Locale;
  traceId: string;
  faults?: StorageFaults;
  /** PALESTRA_TOOL_TIMEOUT_MS: "Save it now" waits no longer than the Coach's own save did. */
  timeoutMs: number;
  /**
   * The person's today (from the browser's zone), so a save of their today made in UTC+13 is not judged "in the
   * future" by the server's date when re-run. The server's date when omitted.
   */
  today?: string;
}): Promise<RetryUncertainWriteResult | undefined> {
  const call = findOwnWriteCall(options.handle, options);
  if (!call) return undefined;
  const validation = validateArguments({ schema: saveMeasurementToolInputSchema, input: JSON.parse(call.arguments), today: options.today ?? todayIn() });
  if (!validation.ok) return undefined;
  const input = validation.value;
  const { handle, userId, traceId, locale } = options;
  const result = await saveWithinDeadline({
    save: { handle, userId, idempotencyKey: call.idempotencyKey, input, traceId, locale, faults: options.faults },
    timeoutMs: options.timeoutMs,
    exceptionEvent: "save-now-exception",
  });
  if (result === "deadline") {
    const details = { date: input.date, idempotency_key: call.idempotencyKey };
    const message = toolErrorMessages[locale].outcomeUnknown({ date: input.date, idempotencyKey: call.idempotencyKey });
    handle.db.update(toolCall).set({ resolution: null }).where(eq(toolCall.id, call.toolCallId)).run();
    const outcome = errorOutcome({ code: "outcome_unknown", message, traceId, details });
    return { status: "deadline", outcome, serialized: serializeOutcomeContent(outcome), resolution: null };
  }
  const resolution = resolutionAfterRetry(result, call.resolution);
  handle.db.update(toolCall).set({ resolution }).where(eq(toolCall.id, call.toolCallId)).run();
  return { ...result, resolution };
}
