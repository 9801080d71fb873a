// Calendar-date helpers for YYYY-MM-DD strings in the user's time zone.

/** More zones than IANA names: a formatter per zone is kept once built (building one cost 4 % of a chat turn's CPU). */
const MAX_CACHED_ZONES = 1_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const knownZones = new Set<string>();

/** The server's own zone is keyed by TZ, which tests change while the process runs. */
const zoneKey = (timeZone: string | undefined) => (timeZone === undefined ? `server:${process.env.TZ ?? ""}` : timeZone);

/** Today's date as YYYY-MM-DD in a time zone (the server's when none is given). */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  const key = zoneKey(timeZone);
  let format = dayFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormats.size < MAX_CACHED_ZONES) dayFormats.set(key, format);
  }
  return format.format(now);
}

/** The longest zone name accepted from a client; the real IANA names are at most about 30 characters. */
export const MAX_TIME_ZONE_LENGTH = 100;

/** True for a time zone this server's Intl knows (IANA names such as "Pacific/Auckland", and "UTC"). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone === "" || timeZone.length > MAX_TIME_ZONE_LENGTH) return false;
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone });
    if (knownZones.size < MAX_CACHED_ZONES) knownZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Today where the person is, so a morning entry in UTC+13 or a late-evening one in UTC-5 is not "in the future" for a
 * UTC server. A missing or unknown zone falls back to the server's date: a browser's odd zone never refuses a save.
 */
export function todayForTimeZone(timeZone: string | undefined, now: Date = new Date()): string {
  return todayIn(timeZone !== undefined && isKnownTimeZone(timeZone) ? timeZone : undefined, now);
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
