// Dates written with their numbers: ISO ("2026-11-20"), with a month name ("20 de noviembre", "November 20th 2025"),
// or day/month digits ("02/01/2025"), which are ambiguous unless only one reading is a real date.
import { lastDayOfMonth, mostRecentMonthDay, splitIsoDate, toIsoDate } from "./calendar-dates";
import { candidatesOf, dayOrImpossible, rangeOf, unclearOf, type Candidate } from "./date-candidate";
import { fullMonthPattern, leadingMonthPattern, monthByName, standaloneMonthExclusions, trailingMonthPattern } from "./month-names";

const ordinalSuffix = "(st|nd|rd|th|º|°|ª)";
// Days above 31 are no day of any month: "77 may" is not a date, so its digits stay a value.
const dayNumber = "(0?[1-9]|[12]\\d|3[01])";
const dayFirstPattern = new RegExp(
  `(?<![\\d.,])${dayNumber}${ordinalSuffix}?\\s+(?:of\\s+|de\\s+)?(${trailingMonthPattern})\\b\\.?(?:,?\\s+(?:de\\s+|del\\s+|of\\s+)?(\\d{4})\\b)?`,
  "g",
);
const monthFirstPattern = new RegExp(`\\b(${leadingMonthPattern})\\b\\.?\\s+${dayNumber}(st|nd|rd|th)?(?![\\d.,]\\d|\\d)(?:,?\\s+(\\d{4})\\b)?`, "g");
const monthYearPattern = new RegExp(`\\b(${fullMonthPattern})\\s+(?:de\\s+|del\\s+|of\\s+)?(\\d{4})\\b`, "g");
const monthAlonePattern = new RegExp(`\\b(${fullMonthPattern})\\b`, "g");
const isoPattern = /(?<![\d.,])(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?![\d])/g;
/** d/m, d/m/y, and d.m.y or d-m-y (two-part forms with a dot would be decimals: 77.4). */
const numericPatterns = [/(?<![\d.,/-])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/g, /(?<![\d.,/-])(\d{1,2})[.-](\d{1,2})[.-](\d{4}|\d{2})(?![\d.-])/g];

function monthRange({ year, month, today }: { year: number; month: number; today: string }): { from: string; to: string } | undefined {
  const from = toIsoDate(year, month, 1);
  const last = toIsoDate(year, month, lastDayOfMonth(year, month));
  if (!from || !last) return undefined;
  // A month that has not started is left whole: the tool then rejects the future date and the user hears why.
  return { from, to: last > today && from <= today ? today : last };
}

/** The date of a day and month in the given year; without one, this year's (which may still be ahead). */
function dayFromParts({ year, month, day, today }: { year?: string; month: number; day: number; today: string }): string | undefined {
  const fullYear = year === undefined ? splitIsoDate(today).year : year.length === 2 ? 2000 + Number(year) : Number(year);
  return toIsoDate(fullYear, month, day);
}

/**
 * A day and month. Without a year it is this year's while that is not in the future; when this year's is still ahead
 * ("10 December" on 4 December) the coach asks whether last year's is meant (readings: this year's, last year's).
 */
function namedDay(options: { year?: string; month: number; day: number; today: string; ordinal: boolean }): Candidate["build"] {
  const iso = dayFromParts(options);
  if (options.year !== undefined || iso === undefined || iso <= options.today) return dayOrImpossible(iso, options.ordinal);
  const lastYear = mostRecentMonthDay(options);
  return unclearOf("future_yearless", lastYear === undefined ? [iso] : [iso, lastYear]);
}

/** "02/01/2025": 2 January or February 1. One real reading is that date; two different ones are a question. */
function numericDate(match: RegExpExecArray, today: string): Candidate["build"] {
  const [first, second, year] = [Number(match[1]), Number(match[2]), match[3]];
  const parts = [
    { month: second, day: first },
    { month: first, day: second },
  ].filter(({ month, day }) => dayFromParts({ year, month, day, today }) !== undefined);
  const readingOf = ({ month, day }: { month: number; day: number }) =>
    year === undefined ? mostRecentMonthDay({ month, day, today }) : dayFromParts({ year, month, day, today });
  const valid = [...new Set(parts.map(readingOf).filter((reading): reading is string => reading !== undefined))];
  if (valid.length === 2) return unclearOf("ambiguous", valid);
  const [only] = parts;
  return only && year === undefined ? namedDay({ ...only, today, ordinal: false }) : dayOrImpossible(valid[0]);
}

export function collectCalendarCandidates(folded: string, today: string): Candidate[] {
  const month = (name: string | undefined) => monthByName.get(name ?? "") ?? 0;
  const { year: currentYear, month: currentMonth } = splitIsoDate(today);
  return [
    ...candidatesOf(folded, isoPattern, (match) => dayOrImpossible(toIsoDate(Number(match[1]), Number(match[2]), Number(match[3])))),
    ...candidatesOf(folded, dayFirstPattern, (match) =>
      namedDay({ year: match[4], month: month(match[3]), day: Number(match[1]), today, ordinal: ["st", "nd", "rd", "th"].includes(match[2] ?? "") }),
    ),
    ...candidatesOf(folded, monthFirstPattern, (match) =>
      namedDay({ year: match[4], month: month(match[1]), day: Number(match[2]), today, ordinal: match[3] !== undefined }),
    ),
    ...numericPatterns.flatMap((pattern) => candidatesOf(folded, pattern, (match) => numericDate(match, today))),
    ...candidatesOf(folded, monthYearPattern, (match) => rangeOf(monthRange({ year: Number(match[2]), month: month(match[1]), today }))),
    ...candidatesOf(folded, monthAlonePattern, (match) => {
      if (standaloneMonthExclusions.has(match[1] ?? "")) return () => undefined;
      const named = month(match[1]);
      return rangeOf(monthRange({ year: named <= currentMonth ? currentYear : currentYear - 1, month: named, today }));
    }),
  ];
}
