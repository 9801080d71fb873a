// What importing rows would do to the stored records, date by date: create, fill in, leave alone, or (only when the
// person chose to replace) overwrite; a date whose stored values or note differ is a conflict otherwise.
import type { MeasurementChange } from "@/lib/store/measurement-store";
import type { MeasurementRow } from "@/lib/store/records";
import { measurementFields, type MeasurementValues } from "../fields";
import { columnsOf, valuesOf } from "../measurement-record";
import { provenanceAfter, provenanceOfSave } from "../provenance";
import type { ImportRow } from "./import-row";

type StoredRow = MeasurementRow;

export type ImportSide = { values: MeasurementValues; note: string | null };
export type ImportConflict = { date: string; stored: ImportSide; proposed: ImportSide };
export type ImportStep =
  | { kind: "create"; row: ImportRow }
  | { kind: "update"; row: ImportRow; stored: StoredRow }
  | { kind: "unchanged" }
  | { kind: "conflict"; conflict: ImportConflict };

/** For another app's export: the readings found, those counted once as the same reading from another source, and
 * the days where several readings became one value by the per-day rule. */
export type ImportReadings = { found: number; duplicates: number; days_merged: Array<{ date: string; readings: number }> };

/** The 200 answer of POST /api/v1/measurements/import (errors is empty: any invalid row makes it a 422). */
export type ImportSummary = { created: number; updated: number; unchanged: number; conflicts: ImportConflict[]; errors: []; readings?: ImportReadings };

export function planImportRow(options: { row: ImportRow; stored: StoredRow | undefined; replace: boolean }): ImportStep {
  const { row, stored, replace } = options;
  if (!stored) return { kind: "create", row };
  const storedValues = valuesOf(stored);
  const differs = measurementFields.some(
    (field) => row.values[field] !== undefined && storedValues[field] !== undefined && row.values[field] !== storedValues[field],
  );
  const noteDiffers = row.note !== null && stored.note !== null && row.note !== stored.note;
  const adds =
    measurementFields.some((field) => row.values[field] !== undefined && storedValues[field] === undefined) || (row.note !== null && stored.note === null);
  if ((differs || noteDiffers) && !replace) {
    return {
      kind: "conflict",
      conflict: { date: row.date, stored: { values: storedValues, note: stored.note }, proposed: { values: row.values, note: row.note } },
    };
  }
  return differs || noteDiffers || adds ? { kind: "update", row, stored } : { kind: "unchanged" };
}

export function summarizeSteps(steps: readonly ImportStep[]): ImportSummary {
  const count = (kind: ImportStep["kind"]) => steps.filter((step) => step.kind === kind).length;
  const conflicts = steps.flatMap((step) => (step.kind === "conflict" ? [step.conflict] : []));
  return { created: count("create"), updated: count("update"), unchanged: count("unchanged"), conflicts, errors: [] };
}

/**
 * The stored change a step makes (none for unchanged and conflicting dates). Each value it adds or changes takes the
 * row's provenance (the file's, or `source` as given in the unit stored); a value it leaves as it was keeps its own.
 */
export function changeOf(step: ImportStep, at: Date, source: string): MeasurementChange {
  if (step.kind === "create" || step.kind === "update") {
    const { row } = step;
    const incoming = { ...provenanceOfSave(row.values, undefined, source), ...row.provenance };
    const stored = step.kind === "update" ? step.stored : undefined;
    const provenance = provenanceAfter({ stored: stored?.provenance, storedValues: stored ? valuesOf(stored) : {}, values: row.values, incoming });
    if (!stored) return { kind: "insert", values: columnsOf(row.values), note: row.note, provenance, at };
    return { kind: "update", id: stored.id, values: columnsOf(row.values), ...(row.note === null ? {} : { note: row.note }), provenance, at };
  }
  return { kind: "none" };
}
