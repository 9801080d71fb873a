// Calendar arithmetic on YYYY-MM-DD strings for the offline coach; UTC-based so no time zone can shift a day.
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayInMilliseconds = 86_400_000;

/** Builds a YYYY-MM-DD date, or undefined when the day does not exist (31 April, 29 February 2021). */
export function toIsoDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = isoDatePattern.exec(value);
  return match !== null && toIsoDate(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/** The year, month (1-12) and day of a valid ISO date. */
export function splitIsoDate(iso: string): { year: number; month: number; day: number } {
  const [year = 0, month = 0, day = 0] = iso.split("-").map(Number);
  return { year, month, day };
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = splitIsoDate(iso);
  return new Date(Date.UTC(year, month - 1, day) + days * dayInMilliseconds).toISOString().slice(0, 10);
}

/** Moves a date by whole months, clamping the day to the target month's length (31 March - 1 month = 29 February). */
export function addMonths(iso: string, months: number): string {
  const { year, month, day } = splitIsoDate(iso);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return toIsoDate(targetYear, targetMonth, Math.min(day, lastDayOfMonth(targetYear, targetMonth))) ?? iso;
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days covered by an inclusive range: the same date twice is a span of 1. */
export function countDaysInclusive(from: string, to: string): number {
  const start = splitIsoDate(from);
  const end = splitIsoDate(to);
  return Math.round((Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / dayInMilliseconds) + 1;
}

/** The local calendar date of this process, used only when neither the caller nor the system prompt gives one. */
export function currentLocalDate(): string {
  const now = new Date();
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate()) ?? now.toISOString().slice(0, 10);
}

/** The most recent date with this month and day that is not after today (2 January asked on 1 January -> last year's). */
export function mostRecentMonthDay({ month, day, today }: { month: number; day: number; today: string }): string | undefined {
  const { year } = splitIsoDate(today);
  for (let candidateYear = year; candidateYear >= year - 8; candidateYear -= 1) {
    const candidate = toIsoDate(candidateYear, month, day);
    if (candidate !== undefined && candidate <= today) return candidate;
  }
  return undefined;
}

/** The weekday of a date, Monday = 0 ... Sunday = 6 (weeks start on Monday in all three languages' calendars). */
export function weekdayOf(iso: string): number {
  const { year, month, day } = splitIsoDate(iso);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** The latest date on this weekday that is not after today ("on Monday"), or strictly before it ("last Monday"). */
export function mostRecentWeekday({ weekday, today, strictlyBefore }: { weekday: number; today: string; strictlyBefore: boolean }): string {
  const back = (weekdayOf(today) - weekday + 7) % 7;
  return addDays(today, back === 0 && strictlyBefore ? -7 : -back);
}

/** The first date after today on this weekday ("next Monday"). */
export function nextWeekday({ weekday, today }: { weekday: number; today: string }): string {
  const ahead = (weekday - weekdayOf(today) + 7) % 7;
  return addDays(today, ahead === 0 ? 7 : ahead);
}

/** The Monday of the week a date is in. */
export function startOfWeek(iso: string): string {
  return addDays(iso, -weekdayOf(iso));
}
