// get_trend's success content: the computation over one field's records, the points of its window, the goal and ETA,
// and for a person who prefers imperial units the headline numbers in pounds or inches (so no model converts them).
import { fieldRanges, type MeasurementField } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { CENTIMETRES_PER_INCH, KILOGRAMS_PER_POUND, roundToOneDecimal } from "@/lib/measurements/units";
import { computeTrend, RATE_MIN_RECORDS, RATE_MIN_SPAN_DAYS, SEGMENT_GAP_DAYS, shiftDate, type EtaReason, type TrendPoint } from "./compute-trend";

export type TrendGoal = { target: number; updated_at: string };

export type TrendResult = {
  field: MeasurementField;
  unit: "kg" | "%" | "cm";
  records: number;
  first_date: string | null;
  last_date: string | null;
  /** The points within window_days of the newest record (every segment), oldest first. */
  trend: TrendPoint[];
  latest_trend: number | null;
  rate_per_week: number | null;
  enough_data: boolean;
  window_days: number;
  rate_records: number;
  rate_span_days: number;
  segment_start: string | null;
  goal: TrendGoal | null;
  eta: string | null;
  eta_reason: EtaReason | null;
  /** The rules the numbers follow, so a reply can state them ("at least 5 records over 10 days") from the result. */
  rules: { rate_min_records: number; rate_min_span_days: number; segment_gap_days: number };
  display_values?: TrendDisplayValues;
};

const rules = { rate_min_records: RATE_MIN_RECORDS, rate_min_span_days: RATE_MIN_SPAN_DAYS, segment_gap_days: SEGMENT_GAP_DAYS };

/** The headline numbers in the person's imperial unit, one decimal (absent for metric, and for percentages). */
export type TrendDisplayValues = { unit: "lb" | "in"; latest_trend: number | null; rate_per_week: number | null; target: number | null };

/** Metric per imperial unit of a field, when the person's preference shows it in another unit. */
export function imperialFactorOf(field: MeasurementField, unitSystem: UnitSystem | undefined): { unit: "lb" | "in"; factor: number } | undefined {
  if (unitSystem !== "imperial") return undefined;
  const metric = fieldRanges[field].unit;
  if (metric === "kg") return { unit: "lb", factor: KILOGRAMS_PER_POUND };
  if (metric === "cm") return { unit: "in", factor: CENTIMETRES_PER_INCH };
  return undefined;
}

export function buildTrendResult(options: {
  field: MeasurementField;
  records: ReadonlyArray<{ date: string; value: number }>;
  windowDays: number;
  goal: TrendGoal | null;
  unitSystem?: UnitSystem;
}): TrendResult {
  const { field, records, windowDays, goal, unitSystem } = options;
  const computed = computeTrend({ records, windowDays, target: goal?.target ?? null });
  const { points, ...rest } = computed;
  const windowStart = computed.last_date ? shiftDate(computed.last_date, -windowDays) : "";
  const result: TrendResult = {
    field,
    unit: fieldRanges[field].unit,
    records: rest.records,
    first_date: rest.first_date,
    last_date: rest.last_date,
    trend: points.filter((point) => point.date >= windowStart),
    latest_trend: rest.latest_trend,
    rate_per_week: rest.rate_per_week,
    enough_data: rest.enough_data,
    window_days: windowDays,
    rate_records: rest.rate_records,
    rate_span_days: rest.rate_span_days,
    segment_start: rest.segment_start,
    goal,
    eta: rest.eta,
    eta_reason: rest.eta_reason,
    rules,
  };
  const imperial = imperialFactorOf(field, unitSystem);
  if (!imperial) return result;
  const shown = (value: number | null | undefined) => (value === null || value === undefined ? null : roundToOneDecimal(value / imperial.factor));
  return {
    ...result,
    display_values: { unit: imperial.unit, latest_trend: shown(result.latest_trend), rate_per_week: shown(result.rate_per_week), target: shown(goal?.target) },
  };
}
