// A bad_arguments refusal in plain words, from its details alone (never its prose, which is written for a model):
// "Weight must be between 20 and 400 kg; you sent -80 kg." Numbers come from the details, dates through Intl.
import type { Locale } from "../../../i18n/locale";
import { fieldRanges, type MeasurementField } from "../../../measurements/fields";
import type { FieldUnit } from "../../../measurements/units";
import { isIsoDate } from "./calendar-dates";
import { fieldFromName } from "./field-words";
import { formatDate, formatNumber, formatQuantity } from "./format-measurements";
import { offlineMessages } from "./offline-messages";

const fieldUnits = new Set<string>(["kg", "lb", "cm", "in", "%"]);
const plainNumber = /^-?\d+(?:\.\d+)?$/;

function describeFieldValue(details: Record<string, unknown>, locale: Locale): string | undefined {
  const { field, min, max, unit, received } = details;
  if (typeof field !== "string" || !(field in fieldRanges) || typeof min !== "number" || typeof max !== "number") return undefined;
  const messages = offlineMessages[locale];
  const label = messages.fieldSubjects[field as MeasurementField];
  const shownUnit = (typeof unit === "string" && fieldUnits.has(unit) ? unit : fieldRanges[field as MeasurementField].unit) as FieldUnit;
  const sentText = typeof received === "number" ? String(received) : typeof received === "string" ? received : "";
  if (!plainNumber.test(sentText)) return messages.notANumber(label, sentText);
  const sent = Number(sentText);
  // Shown as sent, all its decimals: rounding 77.45 to "77.5" would misstate what was refused.
  const sentShown = `${formatNumber(sent, locale, { fractionDigits: 6 })}${shownUnit === "%" ? messages.percentSign : ` ${shownUnit}`}`;
  if (sent >= min && sent <= max) return messages.tooPrecise(label, sentShown);
  return messages.outOfRange({ label, min: formatNumber(min, locale), max: formatQuantity({ value: max, unit: shownUnit, locale }), sent: sentShown });
}

/** An unknown name the coach itself sent for a known field ("weight": "heavy"): the value, not the name, was wrong. */
function describeUnknownNames(names: string[], sent: Record<string, unknown> | undefined, locale: Locale): string {
  const messages = offlineMessages[locale];
  const values = typeof sent?.values === "object" && sent.values !== null ? (sent.values as Record<string, unknown>) : {};
  const known = names.map((name) => ({ name, field: fieldFromName(name) })).find((entry) => entry.field !== undefined && entry.name in values);
  if (known?.field) return messages.notANumber(messages.fieldSubjects[known.field], String(values[known.name]));
  return messages.unknownMeasurement(names.join(", "));
}

/**
 * What the person reads when a tool refused the arguments and the coach could not repair them; `sent` is the refused
 * call's arguments, which the coach wrote itself from the person's words.
 */
export function describeRejection(options: {
  details?: Record<string, unknown>;
  locale: Locale;
  action: "save" | "read";
  sent?: Record<string, unknown>;
}): string {
  const { details, locale, action } = options;
  const messages = offlineMessages[locale];
  if (!details) return messages.rejected;
  const { argument, received, today } = details;
  if ((argument === "date" || argument === "from" || argument === "to") && isIsoDate(received) && isIsoDate(today)) {
    const describe = action === "save" ? messages.futureSave : messages.futureRead;
    return describe(formatDate(received, locale), formatDate(today, locale));
  }
  const fieldValue = describeFieldValue(details, locale);
  if (fieldValue) return fieldValue;
  if (Array.isArray(details.unknown) && details.field === "values") return describeUnknownNames(details.unknown.map(String), options.sent, locale);
  if ((argument === "date" || argument === "from" || argument === "to") && typeof received === "string") return messages.dateNotUnderstood(received);
  return messages.rejected;
}
