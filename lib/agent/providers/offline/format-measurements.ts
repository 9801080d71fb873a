// Formats dates and measurement values for the offline coach's answers ("2 de enero de 2020", "77,4 kg", "18 %").
import type { Locale } from "../../../i18n/locale";
import { fieldRanges, measurementFields, type MeasurementField } from "../../../measurements/fields";
import { isIsoDate, splitIsoDate } from "./calendar-dates";
import { offlineMessages } from "./offline-messages";

export function formatDate(iso: string, locale: Locale): string {
  if (!isIsoDate(iso)) return iso;
  const { year, month, day } = splitIsoDate(iso);
  const messages = offlineMessages[locale];
  return messages.formatDate({ day, month: messages.monthNames[month - 1] ?? String(month), year });
}

export function formatNumber(value: number, locale: Locale): string {
  const text = String(Math.round(value * 10) / 10);
  return offlineMessages[locale].decimalSeparator === "," ? text.replace(".", ",") : text;
}

/** One value with its unit: "77.4 kg", "82 cm", "18%" in English and "18 %" in Spanish and Portuguese. */
export function formatValue({ field, value, locale }: { field: MeasurementField; value: number; locale: Locale }): string {
  const unit = fieldRanges[field].unit;
  const number = formatNumber(value, locale);
  return unit === "%" ? `${number}${offlineMessages[locale].percentSign}` : `${number} ${unit}`;
}

/** "weight 77.4 kg, waist 82 cm": known fields with numeric values, in the fixed field order; others are skipped. */
export function formatValues(values: Record<string, unknown>, locale: Locale): string {
  const labels = offlineMessages[locale].fieldLabels;
  return measurementFields
    .filter((field) => typeof values[field] === "number")
    .map((field) => `${labels[field]} ${formatValue({ field, value: values[field] as number, locale })}`)
    .join(", ");
}
