// "Weight 77.4 kg, Waist 82 cm": measurement values as a person reads them.
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { fieldRanges, measurementFields, type MeasurementValues } from "@/lib/measurements/fields";

export function formatValues(values: MeasurementValues, locale: Locale): string {
  return measurementFields
    .filter((field) => values[field] !== undefined)
    .map((field) => `${fieldLabels[locale][field].label} ${values[field]} ${fieldRanges[field].unit}`)
    .join(", ");
}
