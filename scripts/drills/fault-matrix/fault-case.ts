// One fault-matrix case: the attempts while a fault is armed, checked against the expected class, then the key resolved without it.
import { and, count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { idempotencyRecord, measurement } from "@/db/sqlite/schema";
import { saveMeasurement, type SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { findLeaks, type Leak } from "../support/find-leaks";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

export type Expected = { status: "write_failed" | "outcome_unknown"; phase: string; stored: boolean };

export type FaultCaseResult = {
  name: string;
  expected: Expected;
  /** Status and phase of every attempt while the fault was armed (one, or three when persistent). */
  attempts: string[];
  storedAfterFailure: boolean;
  /** What a save with the same key said once the fault was gone: the truth about the first attempt. */
  resolution: string;
  rowsAfterResolution: number;
  recordsAfterResolution: number;
  problems: string[];
};

export const USER = "fault-matrix-user";
const describeAttempt = (result: SaveMeasurementResult) => ("phase" in result ? `${result.status}/${result.phase}` : result.status);

function countFor(handle: DatabaseHandle, date: string, key: string) {
  const rows =
    handle.db
      .select({ value: count() })
      .from(measurement)
      .where(and(eq(measurement.userId, USER), eq(measurement.date, date)))
      .get()?.value ?? 0;
  const records =
    handle.db
      .select({ value: count() })
      .from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.userId, USER), eq(idempotencyRecord.key, key)))
      .get()?.value ?? 0;
  return { rows, records };
}

/** Shared by all cases: runs the armed attempts, checks each against the expectation, then resolves the key without the fault. */
export async function runCase(options: {
  name: string;
  handle: DatabaseHandle;
  key: string;
  input: SaveMeasurementInput;
  expected: Expected;
  persistent: boolean;
  /** A save while the fault is armed. */
  attempt: () => Promise<SaveMeasurementResult>;
  disarm: () => void;
  /** Rows of this date stored before the case (an update case starts with one). */
  rowsBefore: number;
  leaks: Leak[];
  forbidden: string[];
}): Promise<FaultCaseResult> {
  const { handle, key, input, expected } = options;
  const problems: string[] = [];
  const attempts: string[] = [];
  const scan = (result: SaveMeasurementResult) => {
    for (const text of [result.serialized, JSON.stringify(result.outcome)]) options.leaks.push(...findLeaks(text, { forbidden: options.forbidden }));
  };
  const first = await options.attempt();
  scan(first);
  attempts.push(describeAttempt(first));
  if (first.status !== expected.status || !("phase" in first) || first.phase !== expected.phase) {
    problems.push(`expected ${expected.status}/${expected.phase}, got ${describeAttempt(first)}`);
  }
  const afterFirst = countFor(handle, input.date, key);
  const storedAfterFailure = afterFirst.records === 1;
  if (storedAfterFailure !== expected.stored) problems.push(`stored after failure: ${storedAfterFailure}, expected ${expected.stored}`);
  if (first.status === "write_failed" && (afterFirst.records !== 0 || afterFirst.rows !== options.rowsBefore))
    problems.push("write_failed, yet something was written");
  if (options.persistent) {
    for (let again = 0; again < 2; again += 1) {
      const next = await options.attempt();
      scan(next);
      attempts.push(describeAttempt(next));
      // While the fault persists, an uncommitted key fails again; a committed one replays from its record.
      const acceptable = storedAfterFailure ? next.status === "replayed" : next.status === "write_failed" || next.status === "outcome_unknown";
      if (!acceptable) problems.push(`persistent attempt ${again + 2}: ${describeAttempt(next)}`);
      if (next.status === "write_failed" && countFor(handle, input.date, key).records !== 0) problems.push("a persistent write_failed left a record");
    }
  }
  options.disarm();
  const resolution = await saveMeasurement({
    store: createSqliteStore(handle),
    userId: USER,
    idempotencyKey: key,
    input,
    traceId: "trc_resolve",
    locale: "en",
  });
  scan(resolution);
  const expectedResolution = storedAfterFailure ? "replayed" : "executed";
  if (resolution.status !== expectedResolution) problems.push(`resolution ${resolution.status}, expected ${expectedResolution}`);
  const after = countFor(handle, input.date, key);
  if (after.rows !== 1 || after.records !== 1) problems.push(`after resolution: ${after.rows} rows, ${after.records} records`);
  const row = handle.db
    .select()
    .from(measurement)
    .where(and(eq(measurement.userId, USER), eq(measurement.date, input.date)))
    .get();
  if (row?.weightKg !== input.values.weight_kg) problems.push(`stored weight ${row?.weightKg}, sent ${input.values.weight_kg}`);
  return {
    name: options.name,
    expected,
    attempts,
    storedAfterFailure,
    resolution: resolution.status,
    rowsAfterResolution: after.rows,
    recordsAfterResolution: after.records,
    problems,
  };
}
