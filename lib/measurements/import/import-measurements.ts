// Applies validated import rows for one person in ONE transaction through the store port, idempotent by its key: the
// plan is made inside the transaction (a concurrent save cannot slip between plan and write), and the summary is
// recorded under the key with the change, as a save's outcome is.
import "server-only";
import type { Store } from "@/lib/store/store";
import { fingerprintOf } from "../fingerprint";
import type { ImportRow } from "./import-row";
import { changeOf, planImportRow, summarizeSteps, type ImportReadings, type ImportSummary } from "./plan-import";

export const IMPORT_OPERATION = "import_measurements";

export type ImportMeasurementsResult =
  | { status: "executed"; summary: ImportSummary }
  | { status: "replayed"; summary: ImportSummary }
  | { status: "key_reused" }
  | { status: "write_failed"; error: unknown }
  | { status: "outcome_unknown"; error: unknown };

/** The plan alone, read outside any transaction: the page's preview before the person confirms. */
export async function previewImport(options: {
  store: Store;
  userId: string;
  rows: readonly ImportRow[];
  replace: boolean;
  readings?: ImportReadings;
}): Promise<ImportSummary> {
  const { store, userId, rows, replace, readings } = options;
  const steps = [];
  for (const row of rows) steps.push(planImportRow({ row, stored: await store.measurements.findByDate({ userId, date: row.date }), replace }));
  return { ...summarizeSteps(steps), ...(readings ? { readings } : {}) };
}

export async function importMeasurements(options: {
  store: Store;
  userId: string;
  idempotencyKey: string;
  rows: readonly ImportRow[];
  replace: boolean;
  readings?: ImportReadings;
  /** The stored source of a value whose row names none (a Palestra file's record): "palestra". */
  source?: string;
}): Promise<ImportMeasurementsResult> {
  const { store, userId, idempotencyKey, rows, replace, readings, source = "palestra" } = options;
  // Provenance counts only when the file gives it, so a Palestra file without it keeps the fingerprint it had.
  const fingerprinted = rows.map(({ date, values, note, provenance }) => ({ date, values, note, ...(provenance ? { provenance } : {}) }));
  const fingerprint = fingerprintOf(IMPORT_OPERATION, { rows: fingerprinted, replace });
  const replayOf = (record: { operation: string; fingerprint: string; outcome: string }): ImportMeasurementsResult =>
    record.operation === IMPORT_OPERATION && record.fingerprint === fingerprint
      ? { status: "replayed", summary: JSON.parse(record.outcome) as ImportSummary }
      : { status: "key_reused" };
  const earlier = await store.idempotency.find({ userId, key: idempotencyKey });
  if (earlier) return replayOf(earlier);
  const result = await store.measurements.importIdempotent({
    userId,
    key: idempotencyKey,
    operation: IMPORT_OPERATION,
    fingerprint,
    dates: rows.map((row) => row.date),
    decide: (stored) => {
      const at = new Date();
      const steps = rows.map((row) => planImportRow({ row, stored: stored.get(row.date), replace }));
      const summary: ImportSummary = { ...summarizeSteps(steps), ...(readings ? { readings } : {}) };
      return {
        changes: steps.map((step, index) => ({ date: rows[index]?.date ?? "", change: changeOf(step, at, source) })),
        outcome: { isError: false, content: JSON.stringify(summary) },
        value: summary,
      };
    },
  });
  if (result.status === "committed") return { status: "executed", summary: result.value };
  if (result.status === "raced") return replayOf(result.record);
  if (result.status === "failed") return { status: "write_failed", error: result.error };
  return { status: "outcome_unknown", error: result.error };
}
