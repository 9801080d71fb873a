// Measurement values as a person reads them, in their units and language: "Weight 170.2 lb, Waist 32.3 in".
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields, type MeasurementField, type MeasurementValues } from "@/lib/measurements/fields";
import { displayUnit, fromMetric, type Units } from "@/lib/measurements/display-units";

/** One stored (metric) value in the person's units, localized, without its unit: "170.2", "77,4". */
export function formatValue(field: MeasurementField, value: number, options: { locale: Locale; units: Units }): string {
  return formatNumber(fromMetric({ field, value, units: options.units }), options.locale);
}

export function formatValues(values: MeasurementValues, options: { locale: Locale; units: Units }): string {
  return measurementFields
    .filter((field) => values[field] !== undefined)
    .map((field) => `${fieldLabels[options.locale][field].label} ${formatValue(field, values[field] as number, options)} ${displayUnit(field, options.units)}`)
    .join(", ");
}
