// The values and `units` of a save from what the person wrote: explicit units as written, a bare number in the
// person's preferred units. Never a conversion: pounds and inches go to the tool as they are.
import type { MeasurementValues } from "../../../measurements/fields";
import type { UnitSystem } from "../../../measurements/unit-system";
import type { LengthUnit, MassUnit, SaveUnits } from "../../../measurements/units";
import type { ParsedValue } from "./parse-measurement-values";

export type SaveValues = { values: MeasurementValues; units?: SaveUnits } | { mixed: "mass" | "length" };

export function buildSaveValues({ entries, unitSystem }: { entries: ParsedValue[]; unitSystem: UnitSystem }): SaveValues {
  const imperial = unitSystem === "imperial";
  const values: MeasurementValues = {};
  const massUnits = new Set<MassUnit>();
  const lengthUnits = new Set<LengthUnit>();
  for (const entry of entries) {
    values[entry.field] = entry.value;
    if (entry.field === "body_fat_pct") continue;
    if (entry.field === "weight_kg") massUnits.add(entry.unit === "lb" || (entry.unit === undefined && imperial) ? "lb" : "kg");
    else lengthUnits.add(entry.unit === "in" || entry.unit === "ft" || (entry.unit === undefined && imperial) ? "in" : "cm");
  }
  // One save has one unit per kind; "waist 32 in, neck 38 cm" is asked about, never converted here.
  if (massUnits.size > 1) return { mixed: "mass" };
  if (lengthUnits.size > 1) return { mixed: "length" };
  const units: SaveUnits = { ...(massUnits.has("lb") ? { mass: "lb" as const } : {}), ...(lengthUnits.has("in") ? { length: "in" as const } : {}) };
  return Object.keys(units).length > 0 ? { values, units } : { values };
}
