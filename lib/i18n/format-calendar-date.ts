// A calendar date (YYYY-MM-DD) as the person's language writes it: "1 December 2026", "1 de diciembre de 2026",
// "1 de dezembro de 2026". Formatted in UTC, so the server's time zone can never shift the day.
import type { Locale } from "./locale";

/** The Intl locale per language: British English writes the day first, as the Spanish and Portuguese forms do. */
export const intlLocales: Record<Locale, string> = { en: "en-GB", es: "es-ES", pt: "pt-BR" };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: Locale, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withYear}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[locale], { day: "numeric", month: "long", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}

/** The date in words; a text that is not a YYYY-MM-DD date is returned unchanged. */
export function formatCalendarDate(iso: string, locale: Locale, options: { withYear?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(time)) return iso;
  return formatFor(locale, options.withYear ?? true).format(time);
}
