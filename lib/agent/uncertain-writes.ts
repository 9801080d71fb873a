// Resolving a write whose outcome was unknown: look its idempotency key up, and, only when the user asks, run the
// same write again with the SAME key (so it can never be stored twice).
import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { todayIn } from "@/lib/measurements/dates";
import type { SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import { saveWithinDeadline, withinDeadline } from "@/lib/measurements/save-within-deadline";
import { saveMeasurementToolInputSchema } from "@/lib/measurements/save-measurement-tool-input";
import { validateArguments } from "@/lib/measurements/validation";
import type { StorageFaults } from "@/lib/faults/storage-faults";
import type { Store } from "@/lib/store/store";
import type { OwnWriteCall } from "@/lib/store/turn-store";
import { serializeOutcomeContent, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { goalOutcomeUnknownOutcome, outcomeUnknownOutcome } from "@/lib/outcome/write-outcomes";
import { foundSaved, type WriteResolution } from "@/lib/outcome/write-resolutions";
import { setGoal } from "@/lib/measurements/set-goal";
import { setGoalInputSchema } from "@/lib/measurements/set-goal-input";

export type { WriteResolution } from "@/lib/outcome/write-resolutions";

export type UncertainWrite = OwnWriteCall;

/**
 * Looks the key up: a recorded outcome means the write completed, as a save or as a refusal (a conflict). Records what
 * it found on the tool call: a save found under the key is the call's own save going through ("saved"), unless the
 * person's re-run already stored it ("saved_now" stays).
 */
export async function checkUncertainWrite(options: { store: Store; userId: string; toolCallId: string }): Promise<{ resolution: WriteResolution } | undefined> {
  const { store, userId, toolCallId } = options;
  const call = await store.toolCalls.findOwnWriteCall({ userId, toolCallId });
  if (!call) return undefined;
  const record = await store.idempotency.find({ userId, key: call.idempotencyKey });
  const resolution: WriteResolution = !record ? "not_saved" : record.isError ? "refused" : foundSaved(call.resolution);
  await store.toolCalls.setResolution({ toolCallId: call.toolCallId, resolution });
  return { resolution };
}

/**
 * What the re-run tells about the key, or null when it is unknown again. A save the re-run executed is "saved_now";
 * one it replayed was already stored under the key, so the first save went through ("saved", or "saved_now" when an
 * earlier re-run stored it). A rolled-back re-run (begin, body) passed the key look-up before it (`lookUpFirst`) and
 * found nothing, so nothing is stored; one that failed before BEGIN may have failed in that look-up, so it keeps what
 * was known before.
 */
function resolutionAfterRetry(result: SaveMeasurementResult, before: WriteResolution | null): WriteResolution | null {
  switch (result.status) {
    case "executed":
      return result.outcome.isError ? "refused" : "saved_now";
    case "replayed":
      return result.outcome.isError ? "refused" : foundSaved(before);
    case "key_reused":
      return "refused";
    case "write_failed":
      return result.phase === "before_begin" ? before : "not_saved";
    case "outcome_unknown":
      return null;
  }
}

/** The stored write run again under its own key, by its tool (save_measurement or set_goal); undefined when its arguments no longer validate. */
async function runWriteAgain({ call, options }: { call: OwnWriteCall; options: Parameters<typeof retryUncertainWrite>[0] }) {
  const { store, userId, traceId, locale, faults } = options;
  const today = options.today ?? todayIn();
  const idempotencyKey = call.idempotencyKey;
  const deadline = { timeoutMs: options.timeoutMs, exceptionEvent: "save-now-exception" };
  if (call.name === "set_goal") {
    const validation = validateArguments({ schema: setGoalInputSchema, input: JSON.parse(call.arguments), today });
    if (!validation.ok) return undefined;
    const input = validation.value;
    const result = await withinDeadline({
      run: (signal) => setGoal({ store, userId, idempotencyKey, input, traceId, locale, faults, signal, lookUpFirst: true }),
      ...deadline,
      traceId,
    });
    return { result, unknown: () => goalOutcomeUnknownOutcome({ field: input.field, idempotencyKey, traceId, locale }) };
  }
  const validation = validateArguments({ schema: saveMeasurementToolInputSchema, input: JSON.parse(call.arguments), today });
  if (!validation.ok) return undefined;
  const input = validation.value;
  const result = await saveWithinDeadline({
    save: { store, userId, idempotencyKey, input, source: "chat", traceId, locale, faults, lookUpFirst: true },
    ...deadline,
  });
  return { result, unknown: () => outcomeUnknownOutcome({ date: input.date, idempotencyKey, traceId, locale }) };
}

/** "deadline": the re-run passed the tool deadline too (a hung storage layer), so its outcome is unknown again. */
export type RetryUncertainWriteResult = (SaveMeasurementResult | { status: "deadline"; outcome: ToolOutcome; serialized: string }) & {
  resolution: WriteResolution | null;
};

/**
 * Runs the stored write again with its original key; a completed key replays instead of writing twice. Records on the
 * tool call what the re-run found (a conflict is "refused", never "saved") and returns it with the result.
 */
export async function retryUncertainWrite(options: {
  store: Store;
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
  const { store, userId } = options;
  const call = await store.toolCalls.findOwnWriteCall({ userId, toolCallId: options.toolCallId });
  if (!call) return undefined;
  const rerun = await runWriteAgain({ call, options });
  if (!rerun) return undefined;
  const { result, unknown } = rerun;
  if (result === "deadline") {
    await store.toolCalls.setResolution({ toolCallId: call.toolCallId, resolution: null });
    const outcome = unknown();
    return { status: "deadline", outcome, serialized: serializeOutcomeContent(outcome), resolution: null };
  }
  const resolution = resolutionAfterRetry(result, call.resolution);
  await store.toolCalls.setResolution({ toolCallId: call.toolCallId, resolution });
  return { ...result, resolution };
}
