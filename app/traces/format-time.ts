// Durations of the traces pages in the reader's language (instants are shown by LocalTime, in the reader's zone).
import type { Locale } from "@/lib/i18n/locale";

export function formatMilliseconds(ms: number | null | undefined, locale: Locale): string {
  if (ms === null || ms === undefined) return "–";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: ms < 10 ? 1 : 0 }).format(ms);
}
