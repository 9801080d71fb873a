// Numbers, counts, dates and times in the reader's language, always through Intl, so a locale has one way of writing each.
import { formatCalendarDate as formatDateInWords, intlLocales } from "./format-calendar-date";
import { formatMessage } from "./format-message";
import type { Locale } from "./locale";
import type { MessageText, MessageValues, PlaceholdersOf, PluralText } from "./message-text";

export function formatNumber(value: number, locale: Locale, options: { maximumFractionDigits?: number } = {}): string {
  return new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: options.maximumFractionDigits ?? 1 }).format(value);
}

/**
 * Picks the plural form for `count` and fills {count} (localized) and the other placeholders through formatMessage;
 * `values` are the forms' placeholders other than {count}, typed like formatMessage's.
 */
export function formatPlural<const Forms extends PluralText>(
  forms: Forms,
  count: number,
  locale: Locale,
  ...[values]: MessageValues<Exclude<PlaceholdersOf<Forms>, "count">>
): string {
  const category = new Intl.PluralRules(intlLocales[locale]).select(count);
  // The chosen form's names are the forms' names (PluralText carries them for all forms together).
  const template = (forms[category] ?? forms.other) as MessageText<string>;
  return formatMessage(template, { ...values, count: formatNumber(count, locale, { maximumFractionDigits: 0 }) });
}

/**
 * A calendar date (YYYY-MM-DD) the one way this locale writes dates, the same as the Coach's replies: "4 January 2020",
 * "4 de enero de 2020", "4 de janeiro de 2020".
 */
export function formatCalendarDate(date: string, locale: Locale): string {
  return formatDateInWords(date, locale);
}

/** A short date for chart ticks and dense lists: "Jan 4" (with the year when it is not `currentYear`). */
export function formatShortDate(date: string, locale: Locale, options: { withYear?: boolean } = {}): string {
  const value = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(value.getTime())) return date;
  const parts = new Intl.DateTimeFormat(intlLocales[locale], {
    day: "numeric",
    month: "short",
    ...(options.withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).formatToParts(value);
  // Portuguese writes "20 de out. de 2026"; a chart's ticks are a few characters apart, so they read "20 out. 2026".
  return parts.map((part) => (locale === "pt" && part.type === "literal" ? part.value.replace(/\s*de\s*/, " ") : part.value)).join("");
}

/**
 * An instant in the reader's time zone (the browser's; pages render UTC until the browser's zone is known), with the
 * date written as formatCalendarDate writes it. `seconds` for traces, where they matter.
 */
export function formatInstant(iso: string, locale: Locale, timeZone: string, options: { seconds?: boolean } = {}): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: "long", timeStyle: options.seconds ? "medium" : "short", timeZone }).format(value);
}

/** The calendar date of an instant in the reader's time zone, written as formatCalendarDate writes dates. */
export function formatInstantDate(iso: string, locale: Locale, timeZone: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: "long", timeZone }).format(value);
}
