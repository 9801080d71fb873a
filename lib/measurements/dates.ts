// Calendar-date helpers for YYYY-MM-DD strings in the user's time zone.

/** Today's date as YYYY-MM-DD in a time zone (the server's when none is given). */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return format.format(now);
}

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, counting both ends (2020-01-01..2020-01-01 is 1). */
export function spanInDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
