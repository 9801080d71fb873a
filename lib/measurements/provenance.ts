// Where each stored value came from: the source, the number and unit as the source gave it, and whether it was
// derived. Decided with the change inside the write's transaction: a value that is added or changed takes the new
// provenance, an unchanged value keeps its own, and an emptied value loses it.
import type { StoredProvenance, ValueProvenance } from "@/lib/store/records";
import { fieldRanges, measurementFields, type MeasurementField, type MeasurementValues } from "./fields";
import type { ConvertedValues } from "./units";

export type { ValueProvenance } from "@/lib/store/records";
export type Provenances = Partial<Record<MeasurementField, ValueProvenance>>;

/** The surfaces a save comes through, named as the stored source. */
export const saveSources = ["chat", "form", "api", "mcp"] as const;
export type SaveSource = (typeof saveSources)[number];

/** A save's values as their source gave them: the number and unit sent (pounds, inches) or the stored metric value. */
export function provenanceOfSave(values: MeasurementValues, converted: ConvertedValues | undefined, source: string): Provenances {
  const provenance: Provenances = {};
  for (const field of measurementFields) {
    const value = values[field];
    if (value === undefined) continue;
    const sent = converted?.[field];
    provenance[field] = sent
      ? { source, original_value: sent.from, original_unit: sent.unit, derived: false }
      : { source, original_value: value, original_unit: fieldRanges[field].unit, derived: false };
  }
  return provenance;
}

/** Only the entries of known fields, as stored (a row written before provenance was kept has none). */
export function provenancesOf(stored: StoredProvenance | null | undefined, fields: readonly MeasurementField[] = measurementFields): Provenances {
  const provenance: Provenances = {};
  for (const field of fields) {
    const entry = stored?.[field];
    if (entry) provenance[field] = entry;
  }
  return provenance;
}

/**
 * The provenance a record holds after a change: the stored entries, each field whose value the change sets to a
 * different number (or adds) replaced by the new one, and each emptied field's removed. null when none is left.
 */
export function provenanceAfter(options: {
  stored: StoredProvenance | null | undefined;
  storedValues: MeasurementValues;
  values: MeasurementValues;
  cleared?: readonly MeasurementField[];
  incoming: Provenances;
}): StoredProvenance | null {
  const { storedValues, values, incoming } = options;
  const result = provenancesOf(options.stored);
  for (const field of measurementFields) {
    if (options.cleared?.includes(field) && values[field] === undefined) delete result[field];
    const next = values[field];
    if (next === undefined || storedValues[field] === next) continue;
    const entry = incoming[field];
    if (entry) result[field] = entry;
    else delete result[field];
  }
  return Object.keys(result).length > 0 ? result : null;
}
