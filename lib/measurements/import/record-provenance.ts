// A Palestra JSON record's `provenance` (export writes it; the page's batches of another app's readings carry it):
// for each value the record holds, where it came from. Read strictly: an entry of the wrong shape, or for a value the
// record does not hold, is the record's problem, never dropped or guessed.
import { z } from "zod";
import { measurementFields, type MeasurementField, type MeasurementValues } from "../fields";
import type { Provenances } from "../provenance";

const entrySchema = z.strictObject({
  source: z.string().min(1).max(100),
  original_value: z.number().finite(),
  original_unit: z.string().min(1).max(20),
  derived: z.boolean(),
});

export type RecordProvenance = { ok: true; provenance: Provenances } | { ok: false; field: string };

export function readRecordProvenance(input: unknown, values: MeasurementValues): RecordProvenance {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return { ok: false, field: "provenance" };
  const provenance: Provenances = {};
  for (const [field, entry] of Object.entries(input)) {
    if (!(measurementFields as readonly string[]).includes(field) || values[field as MeasurementField] === undefined) return { ok: false, field };
    const parsed = entrySchema.safeParse(entry);
    if (!parsed.success) return { ok: false, field };
    provenance[field as MeasurementField] = parsed.data;
  }
  return { ok: true, provenance };
}
