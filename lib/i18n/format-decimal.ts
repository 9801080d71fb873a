// A number as the person's language writes it, with at most one decimal: "77.4" in English, "77,4" in Spanish and
// Portuguese. `signed` adds a plus sign to a positive change ("+0,5"); `fractionDigits` shows a value exactly as sent
// ("77,45") where rounding it would misstate it.
import { intlLocales } from "./format-calendar-date";
import type { Locale } from "./locale";

const formats = new Map<string, Intl.NumberFormat>();

export function formatDecimal(value: number, locale: Locale, options: { signed?: boolean; fractionDigits?: number } = {}): string {
  const fractionDigits = options.fractionDigits ?? 1;
  const key = `${locale}:${options.signed === true}:${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[locale], {
      maximumFractionDigits: fractionDigits,
      ...(options.signed ? { signDisplay: "exceptZero" as const } : {}),
    });
    formats.set(key, format);
  }
  return format.format(value);
}
