// The idempotent save: claim the key, detect conflicts, upsert and record the outcome in ONE synchronous transaction.
import "server-only";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, successOutcome, type ToolOutcome, type ToolSuccess } from "@/lib/outcome/tool-outcome";
import { outcomeUnknownOutcome, writeFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { MeasurementChange } from "@/lib/store/measurement-store";
import type { MeasurementRow, StoredProvenance } from "@/lib/store/records";
import { measurementFields, type MeasurementField, type MeasurementValues } from "./fields";
import { clearedColumnsOf, columnsOf, valuesOf } from "./measurement-record";
import { runKeyedWrite, type KeyedWriteCaller, type KeyedWriteKind, type KeyedWriteResult } from "./run-keyed-write";
import { SAVE_OPERATION, saveFingerprintOf } from "./save-fingerprint";
import { provenanceAfter, provenanceOfSave, type SaveSource } from "./provenance";
import type { SaveMeasurementToolInput } from "./save-measurement-tool-input";

export { SAVE_OPERATION, savePayloadOf } from "./save-fingerprint";

/** executed, replayed, key_reused, write_failed or outcome_unknown: see run-keyed-write.ts. */
export type SaveMeasurementResult = KeyedWriteResult;

export type SaveMeasurementOptions = KeyedWriteCaller & {
  /** Metric values; from the Coach also the units they were sent in and what was converted (HTTP saves have neither). */
  input: SaveMeasurementToolInput;
  /**
   * Fields to empty in the same transaction (the /measurements edit form only; see clear-fields.ts). Not a tool
   * argument: the Coach and the API never send it. A field that is also in `input.values` keeps the given value.
   * The record cannot end up empty: `input.values` holds at least one value (saveMeasurementInputSchema).
   */
  clearFields?: readonly MeasurementField[];
  /** The surface the save came through, stored as each new value's source (provenance.ts); "api" when not given. */
  source?: SaveSource;
};

/**
 * A save to a date that holds no record: nothing to conflict with, every value new. The same change and outcome the
 * general path below decides for an absent row (the provenance is exactly the incoming one), without its comparisons.
 */
function decideInsert(options: SaveMeasurementOptions): { change: MeasurementChange; outcome: ToolOutcome } {
  const { input } = options;
  const incoming = provenanceOfSave(input.values, input.converted, options.source ?? "api");
  const provenance: StoredProvenance | null = Object.keys(incoming).length > 0 ? incoming : null;
  const change: MeasurementChange = { kind: "insert", values: columnsOf(input.values), note: input.note ?? null, provenance, at: new Date() };
  const content: ToolSuccess = { date: input.date, values: { ...input.values }, created: true, idempotency_key: options.idempotencyKey };
  if (input.converted) content.converted = input.converted;
  return { change, outcome: successOutcome(content) };
}

/** Decides the change from the stored row, inside the store's transaction: synchronous, and free of I/O. */
function decideSave(options: SaveMeasurementOptions, stored: MeasurementRow | undefined): { change: MeasurementChange; outcome: ToolOutcome } {
  if (!stored) return decideInsert(options);
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
  // Each value added or changed is recorded as coming from this save, as the person sent it (pounds stay pounds).
  const provenance = provenanceAfter({
    stored: stored?.provenance,
    storedValues,
    values: input.values,
    cleared,
    incoming: provenanceOfSave(input.values, input.converted, options.source ?? "api"),
  });
  let change: MeasurementChange = { kind: "none" };
  if (!stored) {
    change = { kind: "insert", values: columnsOf(input.values), note: input.note ?? null, provenance, at: now };
  } else if (changesValues || changesNote) {
    change = {
      kind: "update",
      id: stored.id,
      values: { ...clearedColumnsOf(cleared), ...columnsOf(input.values) },
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(changesValues ? { provenance } : {}),
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

const saveKind: KeyedWriteKind<SaveMeasurementOptions, MeasurementRow, MeasurementChange> = {
  operation: SAVE_OPERATION,
  fingerprintOf: ({ input, clearFields }) => saveFingerprintOf(input, clearFields),
  decide: decideSave,
  write: ({ store, input }, request) => store.measurements.saveIdempotent({ ...request, date: input.date }),
  writeFailedOutcome: ({ input, traceId, locale }) => writeFailedOutcome({ date: input.date, traceId, locale }),
  outcomeUnknownOutcome: ({ input, idempotencyKey, traceId, locale }) => outcomeUnknownOutcome({ date: input.date, idempotencyKey, traceId, locale }),
};

export function saveMeasurement(options: SaveMeasurementOptions): Promise<SaveMeasurementResult> {
  return runKeyedWrite(saveKind, options);
}
