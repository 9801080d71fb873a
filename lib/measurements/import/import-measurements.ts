// Applies validated import rows for one person in ONE synchronous BEGIN IMMEDIATE transaction, idempotent by its key:
// the plan is made inside the transaction (so a concurrent save cannot slip between plan and write), and the summary is
// recorded under the key with the change, as a save's outcome is.
import "server-only";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/client";
import { measurement } from "@/db/schema";
import { fingerprintOf } from "../fingerprint";
import { findIdempotencyRecord, insertIdempotencyRecord } from "../idempotency-records";
import { insertMeasurementRow } from "../insert-measurement-row";
import { columnsOf } from "../measurement-record";
import { findMeasurementRow } from "../read-measurements";
import { runWriteTransaction } from "../run-write-transaction";
import type { ImportRow } from "./import-row";
import { planImportRow, summarizeSteps, type ImportStep, type ImportSummary } from "./plan-import";

export const IMPORT_OPERATION = "import_measurements";

export type ImportMeasurementsResult =
  | { status: "executed"; summary: ImportSummary }
  | { status: "replayed"; summary: ImportSummary }
  | { status: "key_reused" }
  | { status: "write_failed"; error: unknown }
  | { status: "outcome_unknown"; error: unknown };

/** The plan alone, read outside any transaction: the page's preview before the person confirms. */
export function previewImport(options: { handle: DatabaseHandle; userId: string; rows: readonly ImportRow[]; replace: boolean }): ImportSummary {
  const { handle, userId, rows, replace } = options;
  return summarizeSteps(rows.map((row) => planImportRow({ row, stored: findMeasurementRow({ db: handle.db, userId, date: row.date }), replace })));
}

function applyStep(handle: DatabaseHandle, userId: string, step: ImportStep, at: Date): void {
  if (step.kind === "create") insertMeasurementRow({ db: handle.db, userId, date: step.row.date, note: step.row.note, values: step.row.values, at });
  if (step.kind === "update") {
    const note = step.row.note === null ? {} : { note: step.row.note };
    handle.db.update(measurement).set({ ...columnsOf(step.row.values), ...note, updatedAt: at }).where(eq(measurement.id, step.storedId)).run();
  }
}

export function importMeasurements(options: { handle: DatabaseHandle; userId: string; idempotencyKey: string; rows: readonly ImportRow[]; replace: boolean }): ImportMeasurementsResult {
  const { handle, userId, idempotencyKey, rows, replace } = options;
  const fingerprint = fingerprintOf(IMPORT_OPERATION, { rows: rows.map(({ date, values, note }) => ({ date, values, note })), replace });
  const replayOf = (record: { operation: string; fingerprint: string; outcome: string }): ImportMeasurementsResult =>
    record.operation === IMPORT_OPERATION && record.fingerprint === fingerprint ? { status: "replayed", summary: JSON.parse(record.outcome) as ImportSummary } : { status: "key_reused" };
  const result = runWriteTransaction({
    sqlite: handle.sqlite,
    body: () => {
      const earlier = findIdempotencyRecord({ db: handle.db, userId, key: idempotencyKey });
      if (earlier) return { commit: false, value: replayOf(earlier) };
      const steps = rows.map((row) => planImportRow({ row, stored: findMeasurementRow({ db: handle.db, userId, date: row.date }), replace }));
      const at = new Date();
      for (const step of steps) applyStep(handle, userId, step, at);
      const summary = summarizeSteps(steps);
      insertIdempotencyRecord({ db: handle.db, record: { userId, key: idempotencyKey, operation: IMPORT_OPERATION, fingerprint, isError: false, outcome: JSON.stringify(summary) } });
      return { commit: true, value: { status: "executed", summary } as ImportMeasurementsResult };
    },
  });
  if (result.status === "failed") return { status: "write_failed", error: result.error };
  if (result.status === "uncertain") return { status: "outcome_unknown", error: result.error };
  return result.value;
}
