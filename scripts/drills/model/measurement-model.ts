// The in-memory model of the measurement store that the model-based test compares the database with after every command.
import assert from "node:assert/strict";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { measurementFields, type MeasurementValues } from "@/lib/measurements/fields";
import { valuesOf } from "@/lib/measurements/measurement-record";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import type { Store } from "@/lib/store/store";

export type ModelRecord = { values: MeasurementValues; note: string | null };
export type ModelKey = {
  input: SaveMeasurementInput;
  /** The outcome content recorded under the key; undefined while the key is unrecorded (its write failed). */
  content?: Record<string, unknown>;
  /** The recorded bytes once a caller has seen them (a lost acknowledgement hides them until the next replay). */
  serialized?: string;
};

export type MeasurementModel = {
  userId: string;
  records: Map<string, ModelRecord>;
  keys: Map<string, ModelKey>;
  armed: "fail_before_commit" | "lost_ack" | null;
  nextKey: number;
  nextTrace: number;
};

export function createModel(userId: string): MeasurementModel {
  return { userId, records: new Map(), keys: new Map(), armed: null, nextKey: 0, nextTrace: 0 };
}

const inFieldOrder = (values: MeasurementValues): MeasurementValues =>
  Object.fromEntries(measurementFields.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]));

/** What a save that reaches the database does to the model, and the outcome content it must record. */
export function applyModelSave(options: { model: MeasurementModel; key: string; input: SaveMeasurementInput; traceId: string }): Record<string, unknown> {
  const { model, key, input, traceId } = options;
  const stored = model.records.get(input.date);
  const storedValues = stored?.values ?? {};
  const conflicting = measurementFields.filter(
    (field) => input.values[field] !== undefined && storedValues[field] !== undefined && storedValues[field] !== input.values[field],
  );
  if (conflicting.length > 0 && input.replace !== true) {
    const storedConflict = Object.fromEntries(conflicting.map((field) => [field, storedValues[field]]));
    const proposed = Object.fromEntries(conflicting.map((field) => [field, input.values[field]]));
    return {
      kind: "tool_error",
      version: 1,
      is_error: true,
      error: "conflict",
      message: toolErrorMessages.en.conflict({ date: input.date, stored: storedConflict, proposed }),
      recovery: "correct_arguments",
      recoverable: true,
      details: { date: input.date, fields: conflicting, stored: storedConflict, proposed },
      trace_id: traceId,
    };
  }
  const values = inFieldOrder({ ...storedValues, ...input.values });
  model.records.set(input.date, { values, note: input.note !== undefined ? input.note : (stored?.note ?? null) });
  return { date: input.date, values, created: !stored, ...(stored ? { previous: storedValues } : {}), idempotency_key: key };
}

/** Compares everything the save can touch in the database with the model. */
export async function assertDatabaseMatchesModel(model: MeasurementModel, store: Store): Promise<void> {
  const { userId } = model;
  const rows = await store.measurements.listAll({ userId });
  const actualRecords = Object.fromEntries(rows.map((row) => [row.date, { values: inFieldOrder(valuesOf(row)), note: row.note }]));
  assert.deepStrictEqual(actualRecords, Object.fromEntries(model.records), "measurements differ from the model");
  // Every key the model knows of is looked up, and the count shows the database holds no other.
  const found = await Promise.all([...model.keys.keys()].map((key) => store.idempotency.find({ userId, key })));
  const outcomes = found.filter((row) => row !== undefined);
  assert.equal(await store.inspection.countRows({ table: "idempotency_record", userId }), outcomes.length, "records under keys the model never used");
  const actualOutcomes = Object.fromEntries(outcomes.map((row) => [row.key, JSON.parse(row.outcome) as unknown]));
  const expectedOutcomes = Object.fromEntries([...model.keys].filter(([, entry]) => entry.content).map(([key, entry]) => [key, entry.content]));
  assert.deepStrictEqual(actualOutcomes, expectedOutcomes, "recorded outcomes differ from the model");
  for (const row of outcomes) {
    const known = model.keys.get(row.key)?.serialized;
    if (known !== undefined) assert.equal(row.outcome, known, `the bytes recorded under ${row.key} changed`);
    assert.equal(row.isError, (JSON.parse(row.outcome) as { is_error?: unknown }).is_error === true, `is_error column of ${row.key}`);
  }
  const armed = await store.faults.list({ userId });
  assert.deepStrictEqual(
    armed.map((row) => row.mode),
    model.armed ? [model.armed] : [],
    "armed faults differ from the model",
  );
}
