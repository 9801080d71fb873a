// The measurement fields, their units and ranges, shared by validation, storage and UI.
export const measurementFields = [
  "weight_kg",
  "body_fat_pct",
  "neck_cm",
  "chest_cm",
  "waist_cm",
  "hips_cm",
  "biceps_cm",
  "quadriceps_cm",
  "calf_cm",
  "height_cm",
] as const;
export type MeasurementField = (typeof measurementFields)[number];

export type MeasurementValues = Partial<Record<MeasurementField, number>>;

export type FieldRange = { min: number; max: number; unit: "kg" | "%" | "cm" };

export const fieldRanges: Record<MeasurementField, FieldRange> = {
  weight_kg: { min: 20, max: 400, unit: "kg" },
  body_fat_pct: { min: 2, max: 75, unit: "%" },
  neck_cm: { min: 10, max: 250, unit: "cm" },
  chest_cm: { min: 10, max: 250, unit: "cm" },
  waist_cm: { min: 10, max: 250, unit: "cm" },
  hips_cm: { min: 10, max: 250, unit: "cm" },
  biceps_cm: { min: 10, max: 250, unit: "cm" },
  quadriceps_cm: { min: 10, max: 250, unit: "cm" },
  calf_cm: { min: 10, max: 250, unit: "cm" },
  height_cm: { min: 50, max: 260, unit: "cm" },
};

/** The drizzle column property that stores each field. */
export const fieldColumns = {
  weight_kg: "weightKg",
  body_fat_pct: "bodyFatPct",
  neck_cm: "neckCm",
  chest_cm: "chestCm",
  waist_cm: "waistCm",
  hips_cm: "hipsCm",
  biceps_cm: "bicepsCm",
  quadriceps_cm: "quadricepsCm",
  calf_cm: "calfCm",
  height_cm: "heightCm",
} as const satisfies Record<MeasurementField, string>;

/** Where one value came from (lib/store/records.ts ValueProvenance, restated here so this module stays standalone). */
export type MeasurementProvenance = { source: string; original_value: number; original_unit: string; derived: boolean };

/** The read_measurement success shape, also served by GET /api/v1/measurements/:date. */
export type MeasurementRecord = {
  date: string;
  values: MeasurementValues;
  note: string | null;
  updated_at: string;
  /** Where each value came from, by field; a value stored before provenance was kept has no entry. */
  provenance: Partial<Record<MeasurementField, MeasurementProvenance>>;
};

export const MAX_LIST_SPAN_DAYS = 366;
export const MAX_NOTE_LENGTH = 2_000;
/** The longest idempotency key accepted, from a header (HTTP) or an argument (MCP). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
