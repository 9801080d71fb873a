// Converting between the stored metric values and a person's display units (kg/lb, cm/in), exactly: 1 lb is
// 0.45359237 kg and 1 in is 2.54 cm by definition, and every result is rounded half away from zero to one decimal.
import { fieldRanges, type MeasurementField } from "./fields";
import type { UnitSystem } from "./unit-system";

export type MassUnit = "kg" | "lb";
export type LengthUnit = "cm" | "in";
export type Units = { mass: MassUnit; length: LengthUnit };
export type DisplayUnit = MassUnit | LengthUnit | "%";

export function unitsOf(system: UnitSystem): Units {
  return system === "imperial" ? { mass: "lb", length: "in" } : { mass: "kg", length: "cm" };
}

/** The two factors as exact fractions (numerator / denominator) of metric per display unit. */
const KILOGRAMS_PER_POUND = { numerator: 45_359_237n, denominator: 100_000_000n };
const CENTIMETRES_PER_INCH = { numerator: 254n, denominator: 100n };
/** Inputs are taken to this many decimals before the exact arithmetic (a person types one or two). */
const INPUT_SCALE = 1_000_000n;

type Fraction = { numerator: bigint; denominator: bigint };

/** value × factor, rounded half away from zero to one decimal, computed on integers so no binary drift can tip a tie. */
function multiplyToTenths(value: number, factor: Fraction): number {
  const scaled = BigInt(Math.round(value * Number(INPUT_SCALE)));
  const numerator = scaled * factor.numerator * 10n;
  const denominator = INPUT_SCALE * factor.denominator;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const tenths = (magnitude * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -tenths : tenths) / 10;
}

const inverse = (factor: Fraction): Fraction => ({ numerator: factor.denominator, denominator: factor.numerator });

function factorOf(field: MeasurementField, units: Units): Fraction | null {
  const unit = fieldRanges[field].unit;
  if (unit === "kg" && units.mass === "lb") return KILOGRAMS_PER_POUND;
  if (unit === "cm" && units.length === "in") return CENTIMETRES_PER_INCH;
  return null;
}

/** The unit a field is shown and typed in for these units ("%" stays "%"). */
export function displayUnit(field: MeasurementField, units: Units): DisplayUnit {
  const unit = fieldRanges[field].unit;
  if (unit === "kg") return units.mass;
  if (unit === "cm") return units.length;
  return unit;
}

/** The field's name with its display unit ("weight_lb", "waist_in"), as in display_values and export columns. */
export function displayFieldName(field: MeasurementField, units: Units): string {
  const unit = fieldRanges[field].unit;
  const shown = displayUnit(field, units);
  return shown === unit ? field : field.replace(new RegExp(`_${unit}$`), `_${shown}`);
}

/** A value typed in display units, as the metric value to store (one decimal). */
export function toMetric(options: { field: MeasurementField; value: number; units: Units }): number {
  const factor = factorOf(options.field, options.units);
  return factor ? multiplyToTenths(options.value, factor) : options.value;
}

/** A stored metric value in display units (one decimal). */
export function fromMetric(options: { field: MeasurementField; value: number; units: Units }): number {
  const factor = factorOf(options.field, options.units);
  return factor ? multiplyToTenths(options.value, inverse(factor)) : options.value;
}

/** The field's valid range in display units, its ends moved inward to one decimal so both convert back into range. */
export function displayRange(field: MeasurementField, units: Units): { min: number; max: number; unit: DisplayUnit } {
  const range = fieldRanges[field];
  const unit = displayUnit(field, units);
  if (unit === range.unit) return { min: range.min, max: range.max, unit };
  let min = fromMetric({ field, value: range.min, units });
  while (toMetric({ field, value: min, units }) < range.min) min = Math.round(min * 10 + 1) / 10;
  let max = fromMetric({ field, value: range.max, units });
  while (toMetric({ field, value: max, units }) > range.max) max = Math.round(max * 10 - 1) / 10;
  return { min, max, unit };
}
