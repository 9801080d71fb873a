// The day the help text's example uses: two days ago, written without a year ("28 November"), so the example is
// always recent and, by the day-and-month rule, always means that very date.
import { formatCalendarDate } from "../../../i18n/format-calendar-date";
import type { Locale } from "../../../i18n/locale";
import { addDays } from "./calendar-dates";

export function recentDayExample(today: string, locale: Locale): string {
  return formatCalendarDate(addDays(today, -2), locale, { withYear: false });
}
