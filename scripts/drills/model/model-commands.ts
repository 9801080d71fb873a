// fast-check commands over the measurement store: save, retry, key reuse, faults, reopening, reads; each checked against the model.
import assert from "node:assert/strict";
import fc from "fast-check";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { armFault } from "@/lib/faults/manage-faults";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { applyModelSave, assertDatabaseMatchesModel, type MeasurementModel } from "./measurement-model";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

export type RealStore = { handle: DatabaseHandle; reopen: () => DatabaseHandle; comparisons: number };
type StoreCommand = fc.AsyncCommand<MeasurementModel, RealStore>;

async function verify(model: MeasurementModel, real: RealStore): Promise<void> {
  await assertDatabaseMatchesModel(model, createSqliteStore(real.handle));
  real.comparisons += 1;
}

const dates = ["2024-01-01", "2024-01-02", "2024-01-03"] as const;

/** Few dates and few values, so that conflicts, equal values and merges happen often. */
const saveInputArbitrary: fc.Arbitrary<SaveMeasurementInput> = fc
  .record(
    {
      date: fc.constantFrom(...dates),
      weight: fc.option(fc.constantFrom(70, 71.5), { nil: undefined }),
      waist: fc.option(fc.constantFrom(80, 81), { nil: undefined }),
      note: fc.option(fc.constantFrom("morning", "evening"), { nil: undefined }),
      replace: fc.option(fc.boolean(), { nil: undefined }),
    },
    { requiredKeys: ["date"] },
  )
  .filter((draft) => draft.weight !== undefined || draft.waist !== undefined)
  .map((draft) => {
    const input: SaveMeasurementInput = { date: draft.date, values: {} };
    if (draft.weight !== undefined) input.values.weight_kg = draft.weight;
    if (draft.waist !== undefined) input.values.waist_cm = draft.waist;
    if (draft.note !== undefined) input.note = draft.note;
    if (draft.replace !== undefined) input.replace = draft.replace;
    return input;
  });

/** A save that reaches the database (a new key, or a key whose earlier write failed): the armed fault applies to it. */
async function saveAndCheck(model: MeasurementModel, real: RealStore, key: string, input: SaveMeasurementInput): Promise<void> {
  const traceId = `trc_model_${model.nextTrace++}`;
  const faults = createStorageFaults({ store: createSqliteStore(real.handle), userId: model.userId, enabled: true });
  const result = await saveMeasurement({
    store: createSqliteStore(real.handle),
    userId: model.userId,
    idempotencyKey: key,
    input,
    traceId,
    locale: "en",
    faults,
  });
  const armed = model.armed;
  model.armed = null;
  if (armed === "fail_before_commit") {
    assert.equal(result.status, "write_failed");
    model.keys.set(key, { input });
    return;
  }
  const content = applyModelSave({ model, key, input, traceId });
  if (armed === "lost_ack") {
    assert.equal(result.status, "outcome_unknown");
    model.keys.set(key, { input, content });
    return;
  }
  assert.equal(result.status, "executed");
  assert.deepStrictEqual(JSON.parse(result.serialized), content);
  assert.equal(result.outcome.isError, content.is_error === true);
  model.keys.set(key, { input, content, serialized: result.serialized });
}

class SaveNewCommand implements StoreCommand {
  constructor(readonly input: SaveMeasurementInput) {}
  check = () => true;
  async run(model: MeasurementModel, real: RealStore) {
    await saveAndCheck(model, real, `model-key-${model.nextKey++}`, this.input);
    await verify(model, real);
  }
  toString = () => `saveNew(${JSON.stringify(this.input)})`;
}

class RetrySameKeyCommand implements StoreCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<MeasurementModel>) => model.keys.size > 0;
  async run(model: MeasurementModel, real: RealStore) {
    const keys = [...model.keys.keys()];
    const key = keys[this.pick % keys.length] as string;
    const entry = model.keys.get(key);
    assert.ok(entry);
    if (!entry.content) {
      // Nothing was recorded under this key: the retry is a first execution.
      await saveAndCheck(model, real, key, entry.input);
    } else {
      const traceId = `trc_model_${model.nextTrace++}`;
      const faults = createStorageFaults({ store: createSqliteStore(real.handle), userId: model.userId, enabled: true });
      const result = await saveMeasurement({
        store: createSqliteStore(real.handle),
        userId: model.userId,
        idempotencyKey: key,
        input: entry.input,
        traceId,
        locale: "en",
        faults,
      });
      assert.equal(result.status, "replayed");
      if (entry.serialized !== undefined) assert.equal(result.serialized, entry.serialized, "a replay must be byte-identical");
      assert.deepStrictEqual(JSON.parse(result.serialized), entry.content);
      entry.serialized = result.serialized;
    }
    await verify(model, real);
  }
  toString = () => `retrySameKey(${this.pick})`;
}

class ReuseKeyWithOtherPayloadCommand implements StoreCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<MeasurementModel>) => [...model.keys.values()].some((entry) => entry.content);
  async run(model: MeasurementModel, real: RealStore) {
    const recorded = [...model.keys].filter(([, entry]) => entry.content);
    const [key, entry] = recorded[this.pick % recorded.length] as [string, (typeof recorded)[number][1]];
    const traceId = `trc_model_${model.nextTrace++}`;
    const input = { ...entry.input, note: `${entry.input.note ?? ""} changed` };
    const result = await saveMeasurement({ store: createSqliteStore(real.handle), userId: model.userId, idempotencyKey: key, input, traceId, locale: "en" });
    assert.equal(result.status, "key_reused");
    assert.deepStrictEqual(result.outcome.content, {
      kind: "tool_error",
      version: 1,
      is_error: true,
      error: "idempotency_key_reused",
      message: "This idempotency key was already used with different arguments. Nothing was executed.",
      recovery: "stop_turn",
      recoverable: false,
      details: { idempotency_key: key },
      trace_id: traceId,
    });
    await verify(model, real);
  }
  toString = () => `reuseKeyWithOtherPayload(${this.pick})`;
}

class ArmFaultCommand implements StoreCommand {
  constructor(readonly mode: "fail_before_commit" | "lost_ack") {}
  check = (model: Readonly<MeasurementModel>) => model.armed === null;
  async run(model: MeasurementModel, real: RealStore) {
    await armFault({ store: createSqliteStore(real.handle), userId: model.userId, input: { target: "write", mode: this.mode, count: 1 } });
    model.armed = this.mode;
    await verify(model, real);
  }
  toString = () => `armFault(${this.mode})`;
}

class ReopenDatabaseCommand implements StoreCommand {
  check = () => true;
  async run(model: MeasurementModel, real: RealStore) {
    real.handle.sqlite.close();
    real.handle = real.reopen();
    await verify(model, real);
  }
  toString = () => "reopenDatabase()";
}

class ReadCommand implements StoreCommand {
  constructor(readonly date: string) {}
  check = () => true;
  async run(model: MeasurementModel, real: RealStore) {
    const record = await getMeasurementByDate({ store: createSqliteStore(real.handle), userId: model.userId, date: this.date });
    const expected = model.records.get(this.date);
    if (!expected) assert.equal(record, null);
    else assert.deepStrictEqual({ values: record?.values, note: record?.note }, { values: expected.values, note: expected.note });
    await verify(model, real);
  }
  toString = () => `read(${this.date})`;
}

export const storeCommandArbitraries: fc.Arbitrary<StoreCommand>[] = [
  saveInputArbitrary.map((input) => new SaveNewCommand(input)),
  fc.nat().map((pick) => new RetrySameKeyCommand(pick)),
  fc.nat().map((pick) => new ReuseKeyWithOtherPayloadCommand(pick)),
  fc.constantFrom("fail_before_commit" as const, "lost_ack" as const).map((mode) => new ArmFaultCommand(mode)),
  fc.constant(new ReopenDatabaseCommand()),
  fc.constantFrom(...dates).map((date) => new ReadCommand(date)),
];
