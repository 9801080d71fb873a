// Formats dates and measurement values for the offline coach's answers ("1 de diciembre de 2026", "77,4 kg",
// "170 lb (77.1 kg)", "5 ft 10 in", "18 %"), with Intl's dates and numbers for the person's language.
import { formatCalendarDate } from "../../../i18n/format-calendar-date";
import { formatDecimal } from "../../../i18n/format-decimal";
import type { Locale } from "../../../i18n/locale";
import { fieldRanges, measurementFields, type MeasurementField } from "../../../measurements/fields";
import { fromMetric, unitsOf } from "../../../measurements/display-units";
import type { UnitSystem } from "../../../measurements/unit-system";
import { imperialNameOf, unitOfField, type FieldUnit, type SaveUnits } from "../../../measurements/units";
import { offlineMessages } from "./offline-messages";

type Values = Record<string, unknown>;

export function formatDate(iso: string, locale: Locale): string {
  return formatCalendarDate(iso, locale);
}

export function formatNumber(value: number, locale: Locale, options: { signed?: boolean; fractionDigits?: number } = {}): string {
  return formatDecimal(value, locale, options);
}

/** A number with its unit: "77.4 kg", "18%" in English and "18 %" in Spanish and Portuguese, height inches as feet. */
export function formatQuantity({ value, unit, locale, field }: { value: number; unit: FieldUnit; locale: Locale; field?: MeasurementField }): string {
  if (unit === "%") return `${formatNumber(value, locale)}${offlineMessages[locale].percentSign}`;
  if (unit === "in" && field === "height_cm" && value >= 12) {
    const feet = Math.floor(value / 12);
    return `${formatNumber(feet, locale)} ft ${formatNumber(Math.round((value - feet * 12) * 10) / 10, locale)} in`;
  }
  return `${formatNumber(value, locale)} ${unit}`;
}

/** One stored (metric) value with its unit. */
export function formatValue({ field, value, locale }: { field: MeasurementField; value: number; locale: Locale }): string {
  return formatQuantity({ value, unit: fieldRanges[field].unit, locale, field });
}

const numberAt = (values: Values | undefined, key: string) => (typeof values?.[key] === "number" ? (values[key] as number) : undefined);

/**
 * "weight 77.4 kg, waist 82 cm": known fields with numeric values, in the fixed field order; others are skipped. With
 * display values (a read for an imperial preference) each value is shown as those give it: "weight 170 lb".
 */
export function formatValues(values: Values, locale: Locale, display?: Values): string {
  const labels = offlineMessages[locale].fieldLabels;
  return measurementFields
    .filter((field) => typeof values[field] === "number")
    .map((field) => {
      const shown = numberAt(display, imperialNameOf(field));
      const unit = unitOfField(field, { mass: "lb", length: "in" });
      const text =
        shown !== undefined && display ? formatQuantity({ value: shown, unit, locale, field }) : formatValue({ field, value: values[field] as number, locale });
      return `${labels[field]} ${text}`;
    })
    .join(", ");
}

/** The units a person reads values in: those a save was sent in, else their preference. */
export function readingUnits(sent: SaveUnits | undefined, unitSystem: UnitSystem): Required<SaveUnits> {
  const preferred = unitsOf(unitSystem);
  return { mass: sent?.mass ?? preferred.mass, length: sent?.length ?? preferred.length };
}

/** One stored (metric) value in the given units: "weight 175.3 lb" for 79.5 kg read in pounds. */
export function formatInUnits({ field, value, locale, units }: { field: MeasurementField; value: number; locale: Locale; units: Required<SaveUnits> }): string {
  return formatQuantity({ value: fromMetric({ field, value, units }), unit: unitOfField(field, units), locale, field });
}

/** "weight 175.3 lb, waist 32 in": stored (metric) values in the given units, in the fixed field order. */
export function formatValuesIn(values: Values, locale: Locale, units: Required<SaveUnits>): string {
  const labels = offlineMessages[locale].fieldLabels;
  return measurementFields
    .filter((field) => typeof values[field] === "number")
    .map((field) => `${labels[field]} ${formatInUnits({ field, value: values[field] as number, locale, units })}`)
    .join(", ");
}

/**
 * What a save stored, with both units for a converted value: "weight 170 lb (77.1 kg), body fat 18%". With
 * `withMetric: false` (a save not yet stored, whose values are as sent) only the unit given: "weight 170 lb".
 */
export function formatSavedValues(options: { values: Values; converted?: Values; locale: Locale; withMetric?: boolean }): string {
  const { values, converted, locale } = options;
  const labels = offlineMessages[locale].fieldLabels;
  return measurementFields
    .filter((field) => typeof values[field] === "number")
    .map((field) => {
      const metric = formatValue({ field, value: values[field] as number, locale });
      const from = converted?.[field] as { from?: unknown; unit?: unknown } | undefined;
      if (typeof from?.from !== "number" || (from.unit !== "lb" && from.unit !== "in")) return `${labels[field]} ${metric}`;
      const given = formatQuantity({ value: from.from, unit: from.unit, locale, field });
      return options.withMetric === false ? `${labels[field]} ${given}` : `${labels[field]} ${given} (${metric})`;
    })
    .join(", ");
}
