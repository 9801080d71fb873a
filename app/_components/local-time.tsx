"use client";
// An instant in the reader's own time zone (servers render UTC; the browser shows its zone once it has hydrated).
import { formatInstant } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { useTimeZone } from "./use-time-zone";

export function LocalTime({ iso, locale, seconds = false }: { iso: string; locale: Locale; seconds?: boolean }) {
  const timeZone = useTimeZone();
  return (
    <time dateTime={iso} data-time-zone={timeZone}>
      {formatInstant(iso, locale, timeZone, { seconds })}
    </time>
  );
}
