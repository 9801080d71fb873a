// Dates and durations of the traces pages in the reader's language.
import type { Locale } from "@/lib/i18n/locale";

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

export function formatMilliseconds(ms: number | null | undefined, locale: Locale): string {
  if (ms === null || ms === undefined) return "–";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: ms < 10 ? 1 : 0 }).format(ms);
}
