// A calendar date as the pages write it in a language (lib/i18n/format.ts), for specs that read the page's sentences.
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";

export function displayDate(date: string, locale: Locale = "en"): string {
  return formatCalendarDate(date, locale);
}
