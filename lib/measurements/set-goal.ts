// The idempotent goal write: claim the key, decide against the stored goal, apply the change and record the outcome in
// ONE transaction, exactly as a measurement save does (save-measurement.ts). Never retried by itself.
import "server-only";
import { noStorageFaults, type StorageFaults, type WriteFaultPlan } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, outcomeFromStored, serializeOutcomeContent, successOutcome, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { goalOutcomeUnknownOutcome, goalWriteFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { GoalChange, GoalRow } from "@/lib/store/goal-store";
import type { RecordedOutcome, WriteTransactionHooks } from "@/lib/store/measurement-store";
import type { IdempotencyRecord } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { TurnRows } from "@/lib/store/turn-store";
import { fingerprintOf } from "./fingerprint";
import type { SaveMeasurementResult } from "./save-measurement";
import { goalPayloadOf, type SetGoalInput } from "./set-goal-input";

export const SET_GOAL_OPERATION = "set_goal";

/** The same statuses as a save's: executed, replayed, key_reused, write_failed, outcome_unknown. */
export type SetGoalResult = SaveMeasurementResult;

export type SetGoalOptions = {
  store: Store;
  userId: string;
  idempotencyKey: string;
  input: SetGoalInput;
  traceId: string;
  locale: Locale;
  faults?: StorageFaults;
  signal?: AbortSignal;
  hooks?: WriteTransactionHooks;
  alsoWrite?: (outcome: ToolOutcome, serialized: string) => TurnRows;
};

const withSerialized = <S extends string>(status: S, outcome: ToolOutcome) => ({ status, outcome, serialized: serializeOutcomeContent(outcome) });

function replayOrRefuse(record: IdempotencyRecord, fingerprint: string, options: SetGoalOptions): SetGoalResult {
  if (record.operation === SET_GOAL_OPERATION && record.fingerprint === fingerprint) {
    return { status: "replayed", outcome: outcomeFromStored({ isError: record.isError, content: record.outcome }), serialized: record.outcome };
  }
  const outcome = errorOutcome({
    code: "idempotency_key_reused",
    message: toolErrorMessages[options.locale].idempotencyKeyReused(),
    traceId: options.traceId,
    details: { idempotency_key: options.idempotencyKey },
  });
  return withSerialized("key_reused", outcome);
}

/** Synchronous and free of I/O: runs inside the store's transaction. */
function decideGoal(options: SetGoalOptions, stored: GoalRow | undefined): { change: GoalChange; outcome: ToolOutcome } {
  const { input, idempotencyKey } = options;
  const previous = stored?.target ?? null;
  const change: GoalChange =
    input.target === null
      ? stored
        ? { kind: "remove" }
        : { kind: "none" }
      : previous === input.target
        ? { kind: "none" }
        : { kind: "set", target: input.target, at: new Date() };
  const converted = input.converted ? { converted: input.converted } : {};
  return { change, outcome: successOutcome({ field: input.field, target: input.target, previous, idempotency_key: idempotencyKey, ...converted }) };
}

export async function setGoal(options: SetGoalOptions): Promise<SetGoalResult> {
  const { store, userId, idempotencyKey, input, traceId, locale, faults = noStorageFaults } = options;
  const fingerprint = fingerprintOf(SET_GOAL_OPERATION, goalPayloadOf(input));
  const writeFailed = (phase: "before_begin" | "begin" | "body", error: unknown): SetGoalResult => ({
    ...withSerialized("write_failed", goalWriteFailedOutcome({ field: input.field, traceId, locale })),
    phase,
    error,
  });

  let earlier: IdempotencyRecord | undefined;
  try {
    earlier = await store.idempotency.find({ userId, key: idempotencyKey });
  } catch (error) {
    return writeFailed("before_begin", error);
  }
  if (earlier) return replayOrRefuse(earlier, fingerprint, options);

  let plan: WriteFaultPlan;
  try {
    plan = await faults.beginWrite(options.signal);
  } catch (error) {
    return writeFailed("before_begin", error);
  }

  const { alsoWrite } = options;
  let decided: { outcome: ToolOutcome; serialized: string } | undefined;
  const result = await store.goals.setIdempotent({
    userId,
    key: idempotencyKey,
    operation: SET_GOAL_OPERATION,
    fingerprint,
    field: input.field,
    decide: (stored) => {
      const { change, outcome } = decideGoal(options, stored);
      const serialized = serializeOutcomeContent(outcome);
      const recorded: RecordedOutcome = { isError: outcome.isError, content: serialized };
      decided = { outcome, serialized };
      return { change, outcome: recorded, value: decided };
    },
    alsoWrite: alsoWrite ? (recorded) => alsoWrite(decided?.outcome ?? outcomeFromStored(recorded), recorded.content) : undefined,
    insideTransaction: () => faults.insideTransaction(plan),
    afterCommit: () => faults.afterCommit(plan),
    hooks: options.hooks,
  });

  switch (result.status) {
    case "failed":
      return writeFailed(result.phase, result.error);
    case "uncertain": {
      const outcome = goalOutcomeUnknownOutcome({ field: input.field, idempotencyKey, traceId, locale });
      return { ...withSerialized("outcome_unknown", outcome), phase: result.phase, error: result.error };
    }
    case "raced":
      return replayOrRefuse(result.record, fingerprint, options);
    case "committed":
      return { status: "executed", outcome: result.value.outcome, serialized: result.value.serialized };
  }
}
