// Units a save may be given in (pounds, inches) and their exact conversion to the metric values that are stored.
import { fieldRanges, measurementFields, type MeasurementField, type MeasurementValues } from "./fields";
import type { UnitSystem } from "./unit-system";

/** Exact by definition (international yard and pound agreement, 1959). */
export const KILOGRAMS_PER_POUND = 0.45359237;
export const CENTIMETRES_PER_INCH = 2.54;

export const massUnits = ["kg", "lb"] as const;
export const lengthUnits = ["cm", "in"] as const;
export type MassUnit = (typeof massUnits)[number];
export type LengthUnit = (typeof lengthUnits)[number];
export type FieldUnit = MassUnit | LengthUnit | "%";

/** The units of a save as sent; validated by saveUnitsSchema (save-units-schema.ts, kept apart so the pages that
 * convert units in the browser do not ship zod). */
export type SaveUnits = { mass?: MassUnit; length?: LengthUnit };

/** What a save converted: the number as sent and its unit, per metric field ({ weight_kg: { from: 170, unit: "lb" } }). */
export type ConvertedValues = Partial<Record<MeasurementField, { from: number; unit: "lb" | "in" }>>;

/** Rounds to one decimal, the precision every stored value has. */
export function roundToOneDecimal(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** The unit a field's value is written in under these units ("lb" for weight_kg with { mass: "lb" }). */
export function unitOfField(field: MeasurementField, units: SaveUnits | undefined): FieldUnit {
  const metric = fieldRanges[field].unit;
  if (metric === "kg") return units?.mass ?? "kg";
  if (metric === "cm") return units?.length ?? "cm";
  return metric;
}

/** Metric units per unit for a non-metric unit, or undefined when the unit is already the stored one. */
function factorOf(unit: FieldUnit): number | undefined {
  if (unit === "lb") return KILOGRAMS_PER_POUND;
  if (unit === "in") return CENTIMETRES_PER_INCH;
  return undefined;
}

/** The same factors as exact fractions (numerator / 10^8): the conversion is done in integers, never in floating point. */
const exactFactorOf: Partial<Record<FieldUnit, bigint>> = { lb: 45_359_237n, in: 254_000_000n };
const FACTOR_SCALE = 100_000_000n;

/** A finite number as the exact decimal it is written as (String() gives the shortest round-tripping form). */
function toDecimalFraction(value: number): { numerator: bigint; denominator: bigint } {
  const [mantissa = "0", exponentText] = String(value).toLowerCase().split("e");
  const exponent = Number(exponentText ?? 0);
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const digits = BigInt(`${whole}${fraction}`);
  const scale = fraction.length - exponent;
  return scale >= 0 ? { numerator: digits, denominator: 10n ** BigInt(scale) } : { numerator: digits * 10n ** BigInt(-scale), denominator: 1n };
}

/** value × factor rounded to one decimal, half away from zero, in exact integer arithmetic (2.5 in is 6.35 cm: 6.4). */
function convertExactly(value: number, factor: bigint): number {
  const { numerator, denominator } = toDecimalFraction(value);
  const tenthsNumerator = numerator * factor * 10n;
  const tenthsDenominator = denominator * FACTOR_SCALE;
  const negative = tenthsNumerator < 0n;
  const magnitude = negative ? -tenthsNumerator : tenthsNumerator;
  const tenths = (2n * magnitude + tenthsDenominator) / (2n * tenthsDenominator);
  const rounded = Number(negative ? -tenths : tenths) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A value as sent, in the stored metric unit: converted exactly, then rounded to one decimal. Metric values pass unchanged. */
export function toMetricValue({ field, value, units }: { field: MeasurementField; value: number; units: SaveUnits | undefined }): number {
  const factor = exactFactorOf[unitOfField(field, units)];
  return factor === undefined || !Number.isFinite(value) ? value : convertExactly(value, factor);
}

/** Converts the values of a save to metric; `converted` names each field that was sent in pounds or inches. */
export function convertValuesToMetric(values: MeasurementValues, units: SaveUnits | undefined): { values: MeasurementValues; converted?: ConvertedValues } {
  const metric: MeasurementValues = {};
  const converted: ConvertedValues = {};
  for (const field of measurementFields) {
    const value = values[field];
    if (value === undefined) continue;
    const unit = unitOfField(field, units);
    metric[field] = toMetricValue({ field, value, units });
    if (unit === "lb" || unit === "in") converted[field] = { from: value, unit };
  }
  return Object.keys(converted).length > 0 ? { values: metric, converted } : { values: metric };
}

/** The values as the caller sent them, rebuilt from the metric values and what was converted. */
export function valuesAsSent(values: MeasurementValues, converted: ConvertedValues | undefined): MeasurementValues {
  const sent: MeasurementValues = { ...values };
  for (const field of measurementFields) {
    const entry = converted?.[field];
    if (entry) sent[field] = entry.from;
  }
  return sent;
}

/**
 * A field's valid range in the unit the caller used: the one-decimal values whose conversion (rounded to one decimal)
 * falls inside the metric range, so that a limit named in pounds is exactly the limit the save applies.
 */
export function fieldRangeIn(field: MeasurementField, units: SaveUnits | undefined): { min: number; max: number; unit: FieldUnit } {
  const { min, max } = fieldRanges[field];
  const unit = unitOfField(field, units);
  const factor = factorOf(unit);
  if (factor === undefined) return { min, max, unit };
  const accepted = (value: number) => {
    const metric = toMetricValue({ field, value, units });
    return metric >= min && metric <= max;
  };
  // Start a little outside the plain quotient and step inward by 0.1 (integer tenths, so no float drift).
  let low = Math.floor((min / factor) * 10) - 2;
  while (!accepted(low / 10)) low += 1;
  let high = Math.ceil((max / factor) * 10) + 2;
  while (!accepted(high / 10)) high -= 1;
  return { min: low / 10, max: high / 10, unit };
}

/** The name a value takes in the person's imperial units: weight_kg -> weight_lb, waist_cm -> waist_in. */
export function imperialNameOf(field: MeasurementField): string {
  return field.endsWith("_kg") ? field.replace(/_kg$/, "_lb") : field.endsWith("_cm") ? field.replace(/_cm$/, "_in") : field;
}

/**
 * The stored values as a person who prefers imperial units reads them ({ weight_lb: 170, waist_in: 32.3 }), one
 * decimal, so that no model has to do the arithmetic. Undefined for a metric preference: the values already are that.
 */
export function displayValuesOf(values: MeasurementValues, system: UnitSystem): Record<string, number> | undefined {
  if (system !== "imperial") return undefined;
  const display: Record<string, number> = {};
  for (const field of measurementFields) {
    const value = values[field];
    if (value === undefined) continue;
    const factor = factorOf(unitOfField(field, { mass: "lb", length: "in" }));
    display[imperialNameOf(field)] = factor === undefined ? value : roundToOneDecimal(value / factor);
  }
  return display;
}

/** A read record with display_values added for a person who prefers imperial units; unchanged otherwise. */
export function withDisplayValues<T extends { values: MeasurementValues }>(
  record: T,
  system: UnitSystem | undefined,
): T | (T & { display_values: Record<string, number> }) {
  const display = displayValuesOf(record.values, system ?? "metric");
  return display ? { ...record, display_values: display } : record;
}
