// The pages' view of a person's unit preference, built on the save tool's conversions (units.ts) so that a value
// typed on a page and the same value told to the Coach are stored alike: which unit each field is shown and typed in,
// a stored metric value in that unit, a typed value in metric, and the field's range in that unit.
import type { MeasurementField } from "./fields";
import type { UnitSystem } from "./unit-system";
import {
  CENTIMETRES_PER_INCH,
  fieldRangeIn,
  imperialNameOf,
  KILOGRAMS_PER_POUND,
  roundToOneDecimal,
  toMetricValue,
  unitOfField,
  type FieldUnit,
  type SaveUnits,
} from "./units";

export type Units = Required<SaveUnits>;
export type DisplayUnit = FieldUnit;

export function unitsOf(system: UnitSystem): Units {
  return system === "imperial" ? { mass: "lb", length: "in" } : { mass: "kg", length: "cm" };
}

/** The unit a field is shown and typed in for these units ("%" stays "%"). */
export function displayUnit(field: MeasurementField, units: Units): DisplayUnit {
  return unitOfField(field, units);
}

/** The field's name with its display unit ("weight_lb", "waist_in"), as in display_values and export columns. */
export function displayFieldName(field: MeasurementField, units: Units): string {
  return units.mass === "lb" || units.length === "in" ? imperialNameOf(field) : field;
}

/** A value typed in display units, as the metric value to store (one decimal), exactly as the save tool converts it. */
export function toMetric(options: { field: MeasurementField; value: number; units: Units }): number {
  return toMetricValue(options);
}

/** A stored metric value in display units (one decimal), as display_values gives it. */
export function fromMetric(options: { field: MeasurementField; value: number; units: Units }): number {
  const unit = unitOfField(options.field, options.units);
  if (unit === "lb") return roundToOneDecimal(options.value / KILOGRAMS_PER_POUND);
  if (unit === "in") return roundToOneDecimal(options.value / CENTIMETRES_PER_INCH);
  return options.value;
}

/** The field's valid range in display units: one-decimal ends that convert back inside the stored range. */
export function displayRange(field: MeasurementField, units: Units): { min: number; max: number; unit: DisplayUnit } {
  return fieldRangeIn(field, units);
}
