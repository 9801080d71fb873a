// The idempotent save: claim the key, detect conflicts, upsert and record the outcome in ONE synchronous transaction.
import "server-only";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, successOutcome, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { outcomeUnknownOutcome, writeFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { MeasurementChange } from "@/lib/store/measurement-store";
import type { MeasurementRow } from "@/lib/store/records";
import { measurementFields, type MeasurementField, type MeasurementValues } from "./fields";
import { fingerprintOf } from "./fingerprint";
import { clearedColumnsOf, columnsOf, valuesOf } from "./measurement-record";
import { runKeyedWrite, type KeyedWriteCaller, type KeyedWriteResult } from "./run-keyed-write";
import { provenanceAfter, provenanceOfSave, type SaveSource } from "./provenance";
import type { SaveMeasurementToolInput } from "./save-measurement-tool-input";
import { valuesAsSent } from "./units";

export const SAVE_OPERATION = "save_measurement";

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

export async function saveMeasurement(options: SaveMeasurementOptions): Promise<SaveMeasurementResult> {
  const { store, input, traceId, locale } = options;
  return runKeyedWrite({
    ...options,
    operation: SAVE_OPERATION,
    fingerprint: fingerprintOf(SAVE_OPERATION, savePayloadOf(input, options.clearFields)),
    decide: (stored: MeasurementRow | undefined) => decideSave(options, stored),
    write: (request) => store.measurements.saveIdempotent({ ...request, date: input.date }),
    writeFailedOutcome: () => writeFailedOutcome({ date: input.date, traceId, locale }),
    outcomeUnknownOutcome: () => outcomeUnknownOutcome({ date: input.date, idempotencyKey: options.idempotencyKey, traceId, locale }),
  });
}
