// Ranges for lists and progress questions: "last 30 days", "las últimas 2 semanas", "last week" (Monday to Sunday),
// "this week", "este mês", "last month", "this year", "last year". Weeks start on Monday.
import { addDays, addMonths, lastDayOfMonth, splitIsoDate, startOfWeek, toIsoDate } from "./calendar-dates";
import { candidatesOf, rangeOf, type Candidate } from "./date-candidate";
import { countFrom, countPattern } from "./date-words";

const lastCountPattern = new RegExp(
  `\\b(?:(?:the )?(?:last|past|previous)|(?:(?:en |de |dos |nos |nas )?(?:los |las |os |as ))?ultim[oa]s) (${countPattern}) (days?|weeks?|months?|dias|semanas|meses)\\b`,
  "g",
);
const lastWeekPattern =
  /\b(?:(?:the )?(?:last|past|previous) week|(?:la )?semana pasada|(?:la )?ultima semana|(?:a |na )?semana passada|(?:a |na )?ultima semana)\b/g;
const thisWeekPattern = /\b(?:this week|(?:esta|nesta|essa|nessa) semana)\b/g;
const thisMonthPattern = /\b(?:this month|(?:este|neste|esse|nesse) mes)\b/g;
const lastMonthPattern = /\b(?:(?:the )?(?:last|past|previous) month|(?:el )?mes pasado|(?:el )?ultimo mes|(?:o |no )?mes passado|(?:o |no )?ultimo mes)\b/g;
const thisYearPattern = /\b(?:this year|(?:este|neste|esse|nesse) ano)\b/g;
const lastYearPattern = /\b(?:(?:the )?(?:last|past|previous) year|(?:el )?ano pasado|(?:o |no )?ano passado)\b/g;

export function collectRangeCandidates(folded: string, today: string): Candidate[] {
  const { year, month } = splitIsoDate(today);
  const firstOfMonth = toIsoDate(year, month, 1) ?? today;
  const previousMonthStart = addMonths(firstOfMonth, -1);
  const { year: previousYear, month: previousMonth } = splitIsoDate(previousMonthStart);
  const lastWeekStart = addDays(startOfWeek(today), -7);
  return [
    ...candidatesOf(folded, lastCountPattern, (match) => {
      const count = countFrom(match[1] ?? "");
      const unit = match[2] ?? "";
      if (!(count >= 1)) return () => undefined;
      if (unit.startsWith("month") || unit === "meses") return rangeOf({ from: addDays(addMonths(today, -count), 1), to: today });
      const days = unit.startsWith("week") || unit === "semanas" ? count * 7 : count;
      return rangeOf({ from: addDays(today, 1 - days), to: today });
    }),
    ...candidatesOf(folded, lastWeekPattern, () => rangeOf({ from: lastWeekStart, to: addDays(lastWeekStart, 6) })),
    ...candidatesOf(folded, thisWeekPattern, () => rangeOf({ from: startOfWeek(today), to: today })),
    ...candidatesOf(folded, thisMonthPattern, () => rangeOf({ from: firstOfMonth, to: today })),
    ...candidatesOf(folded, lastMonthPattern, () =>
      rangeOf({ from: previousMonthStart, to: toIsoDate(previousYear, previousMonth, lastDayOfMonth(previousYear, previousMonth)) ?? today }),
    ),
    ...candidatesOf(folded, thisYearPattern, () => rangeOf({ from: toIsoDate(year, 1, 1) ?? today, to: today })),
    ...candidatesOf(folded, lastYearPattern, () => rangeOf({ from: toIsoDate(year - 1, 1, 1) ?? today, to: toIsoDate(year - 1, 12, 31) ?? today })),
  ];
}
