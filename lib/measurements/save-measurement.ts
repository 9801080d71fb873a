// The idempotent save: claim the key, detect conflicts, upsert and record the outcome in ONE synchronous transaction.
import "server-only";
import { noStorageFaults, type StorageFaults, type WriteFaultPlan } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, outcomeFromStored, serializeOutcomeContent, successOutcome, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { outcomeUnknownOutcome, writeFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { MeasurementChange, RecordedOutcome, WriteTransactionHooks } from "@/lib/store/measurement-store";
import type { IdempotencyRecord, MeasurementRow } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { TurnRows } from "@/lib/store/turn-store";
import { measurementFields, type MeasurementField, type MeasurementValues } from "./fields";
import { fingerprintOf } from "./fingerprint";
import { clearedColumnsOf, columnsOf, valuesOf } from "./measurement-record";
import type { SaveMeasurementToolInput } from "./save-measurement-tool-input";
import { valuesAsSent } from "./units";

export const SAVE_OPERATION = "save_measurement";

export type SaveMeasurementResult =
  /** Committed now: the outcome (a success or a conflict) is recorded under the key. */
  | { status: "executed"; outcome: ToolOutcome; serialized: string }
  /** The key was already completed with the same payload: the recorded outcome, byte for byte. */
  | { status: "replayed"; outcome: ToolOutcome; serialized: string }
  | { status: "key_reused"; outcome: ToolOutcome; serialized: string }
  | { status: "write_failed"; outcome: ToolOutcome; serialized: string; phase: "before_begin" | "begin" | "body"; error: unknown }
  | { status: "outcome_unknown"; outcome: ToolOutcome; serialized: string; phase: "commit" | "after_commit"; error: unknown };

export type SaveMeasurementOptions = {
  store: Store;
  userId: string;
  idempotencyKey: string;
  /** Metric values; from the Coach also the units they were sent in and what was converted (HTTP saves have neither). */
  input: SaveMeasurementToolInput;
  /**
   * Fields to empty in the same transaction (the /measurements edit form only; see clear-fields.ts). Not a tool
   * argument: the Coach and the API never send it. A field that is also in `input.values` keeps the given value.
   * The record cannot end up empty: `input.values` holds at least one value (saveMeasurementInputSchema).
   */
  clearFields?: readonly MeasurementField[];
  traceId: string;
  locale: Locale;
  faults?: StorageFaults;
  signal?: AbortSignal;
  hooks?: WriteTransactionHooks;
  /** The turn's rows to commit in the same transaction as the change (the harness's tool-call record), given the outcome. */
  alsoWrite?: (outcome: ToolOutcome, serialized: string) => TurnRows;
};

/**
 * The validated arguments in the form that is fingerprinted: the request as sent (values in the unit they came in,
 * and the units when given), absent and default values normalized. The fields to clear and the units count only when
 * there are some, so every save without them keeps its fingerprint.
 */
export function savePayloadOf(input: SaveMeasurementToolInput, clearFields: readonly MeasurementField[] = []) {
  const clear = measurementFields.filter((field) => clearFields.includes(field));
  return {
    date: input.date,
    values: valuesAsSent(input.values, input.converted),
    note: input.note ?? null,
    replace: input.replace === true,
    clear: clear.length > 0 ? clear : undefined,
    units: input.units,
  };
}

function withSerialized<S extends string>(status: S, outcome: ToolOutcome) {
  return { status, outcome, serialized: serializeOutcomeContent(outcome) };
}

function replayOrRefuse(record: IdempotencyRecord, fingerprint: string, options: SaveMeasurementOptions): SaveMeasurementResult {
  if (record.operation === SAVE_OPERATION && record.fingerprint === fingerprint) {
    return { status: "replayed", outcome: outcomeFromStored({ isError: record.isError, content: record.outcome }), serialized: record.outcome };
  }
  return withSerialized(
    "key_reused",
    errorOutcome({
      code: "idempotency_key_reused",
      message: toolErrorMessages[options.locale].idempotencyKeyReused(),
      traceId: options.traceId,
      details: { idempotency_key: options.idempotencyKey },
    }),
  );
}

/** Decides the change from the stored row, inside the store's transaction: synchronous, and free of I/O. */
function decideSave(options: SaveMeasurementOptions, stored: MeasurementRow | undefined): { change: MeasurementChange; outcome: ToolOutcome } {
  const { idempotencyKey, input, traceId, locale } = options;
  const cleared = (options.clearFields ?? []).filter((field) => input.values[field] === undefined);
  const storedValues: MeasurementValues = stored ? valuesOf(stored) : {};
  const conflicting = measurementFields.filter((field) => {
    const next = input.values[field];
    return next !== undefined && storedValues[field] !== undefined && storedValues[field] !== next;
  });
  if (conflicting.length > 0 && input.replace !== true) {
    const storedConflict = Object.fromEntries(conflicting.map((field) => [field, storedValues[field]]));
    const proposed = Object.fromEntries(conflicting.map((field) => [field, input.values[field]]));
    const outcome = errorOutcome({
      code: "conflict",
      message: toolErrorMessages[locale].conflict({ date: input.date, stored: storedConflict, proposed }),
      traceId,
      details: { date: input.date, fields: conflicting, stored: storedConflict, proposed },
    });
    return { change: { kind: "none" }, outcome };
  }
  const now = new Date();
  const changesValues =
    measurementFields.some((field) => input.values[field] !== undefined && storedValues[field] !== input.values[field]) ||
    cleared.some((field) => storedValues[field] !== undefined);
  const changesNote = input.note !== undefined && input.note !== (stored?.note ?? null);
  let change: MeasurementChange = { kind: "none" };
  if (!stored) {
    change = { kind: "insert", values: columnsOf(input.values), note: input.note ?? null, at: now };
  } else if (changesValues || changesNote) {
    change = {
      kind: "update",
      id: stored.id,
      values: { ...clearedColumnsOf(cleared), ...columnsOf(input.values) },
      ...(input.note !== undefined ? { note: input.note } : {}),
      at: now,
    };
  }
  const keptValues = Object.fromEntries(Object.entries(storedValues).filter(([field]) => !cleared.includes(field as MeasurementField)));
  const converted = input.converted ? { converted: input.converted } : {};
  const outcome = successOutcome({
    date: input.date,
    values: { ...keptValues, ...input.values },
    created: !stored,
    // What the date held before, so a reply can say what changed ("added waist; weight unchanged", "already saved").
    ...(stored ? { previous: storedValues } : {}),
    idempotency_key: idempotencyKey,
    ...converted,
  });
  return { change, outcome };
}

export async function saveMeasurement(options: SaveMeasurementOptions): Promise<SaveMeasurementResult> {
  const { store, userId, idempotencyKey, input, traceId, locale, faults = noStorageFaults } = options;
  const fingerprint = fingerprintOf(SAVE_OPERATION, savePayloadOf(input, options.clearFields));
  const writeFailed = (phase: "before_begin" | "begin" | "body", error: unknown): SaveMeasurementResult => ({
    ...withSerialized("write_failed", writeFailedOutcome({ date: input.date, traceId, locale })),
    phase,
    error,
  });

  let earlier: IdempotencyRecord | undefined;
  try {
    earlier = await store.idempotency.find({ userId, key: idempotencyKey });
  } catch (error) {
    // A storage error in the look-up happens before BEGIN: certainly nothing was written.
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
  // What `decide` chose, for `alsoWrite`, which the store calls after it in the same transaction.
  let decided: { outcome: ToolOutcome; serialized: string } | undefined;
  const result = await store.measurements.saveIdempotent({
    userId,
    key: idempotencyKey,
    operation: SAVE_OPERATION,
    fingerprint,
    date: input.date,
    decide: (stored) => {
      const { change, outcome } = decideSave(options, stored);
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
      const outcome = outcomeUnknownOutcome({ date: input.date, idempotencyKey, traceId, locale });
      return { ...withSerialized("outcome_unknown", outcome), phase: result.phase, error: result.error };
    }
    case "raced":
      return replayOrRefuse(result.record, fingerprint, options);
    case "committed":
      return { status: "executed", outcome: result.value.outcome, serialized: result.value.serialized };
  }
}
