// Answers "how am I doing?" from a list result alone: per measurement, the first and last values of the range, the
// change between them and how many records hold it. Every number shown is one the tool returned (or their difference).
import type { Locale } from "../../../i18n/locale";
import { measurementFields, type MeasurementField } from "../../../measurements/fields";
import { imperialNameOf, roundToOneDecimal, unitOfField, type FieldUnit } from "../../../measurements/units";
import type { ListSummary } from "./decide-list-step";
import { formatDate, formatNumber, formatQuantity } from "./format-measurements";
import { offlineMessages } from "./offline-messages";

type ListedRecord = { date: string; values?: Record<string, unknown>; display_values?: Record<string, unknown> };

/** A record's value of a field as the person reads it: display_values (imperial preference) when given, else metric. */
function valueOf(record: ListedRecord, field: MeasurementField): { value: number; unit: FieldUnit } | undefined {
  const metric = record.values?.[field];
  if (typeof metric !== "number") return undefined;
  const shown = record.display_values?.[imperialNameOf(field)];
  return typeof shown === "number"
    ? { value: shown, unit: unitOfField(field, { mass: "lb", length: "in" }) }
    : { value: metric, unit: unitOfField(field, undefined) };
}

function describeField({ field, records, locale }: { field: MeasurementField; records: ListedRecord[]; locale: Locale }): string | undefined {
  const messages = offlineMessages[locale];
  const held = records.flatMap((record) => {
    const value = valueOf(record, field);
    return value ? [{ date: record.date, ...value }] : [];
  });
  const [first] = held;
  const last = held.at(-1);
  if (!first || !last) return undefined;
  const label = messages.fieldLabels[field];
  const quantity = (value: number, unit: FieldUnit) => formatQuantity({ value, unit, locale, field });
  if (held.length === 1) return messages.progressSingle({ label, value: quantity(first.value, first.unit), date: formatDate(first.date, locale) });
  const change = roundToOneDecimal(last.value - first.value);
  const changeText =
    first.unit === "%"
      ? `${formatNumber(change, locale, { signed: true })}${messages.percentSign}`
      : `${formatNumber(change, locale, { signed: true })} ${first.unit}`;
  return messages.progressField({
    label,
    first: quantity(first.value, first.unit),
    firstDate: formatDate(first.date, locale),
    last: quantity(last.value, last.unit),
    lastDate: formatDate(last.date, locale),
    change: changeText,
    count: held.length,
  });
}

export const summarizeProgress: ListSummary = ({ content, from, to, locale }) => {
  const messages = offlineMessages[locale];
  const records = (Array.isArray(content.records) ? content.records : [])
    .filter((record): record is ListedRecord => typeof record?.date === "string")
    .sort((left, right) => left.date.localeCompare(right.date));
  const shownFrom = formatDate(from, locale);
  const shownTo = formatDate(to, locale);
  // An empty list is a claim about the whole range, so it is only repeated when the tool marked it complete.
  if (records.length === 0) return content.complete === true ? messages.progressEmpty(shownFrom, shownTo) : messages.rangeUnreadable(shownFrom, shownTo);
  const lines = measurementFields.flatMap((field) => describeField({ field, records, locale }) ?? []);
  if (content.complete !== true) lines.push(messages.rangeMaybeIncomplete);
  return [messages.progressIntro(shownFrom, shownTo), ...lines].join("\n");
};
