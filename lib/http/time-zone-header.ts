// The optional Time-Zone request header (an IANA name) of the measurement routes: it decides only which dates are in
// the future, so a client in UTC+13 may read, save or delete its own today while the server's date is still yesterday.
import { isKnownTimeZone, todayIn } from "@/lib/measurements/dates";
import { problemResponse } from "./problem";

export const TIME_ZONE_HEADER = "time-zone";

/** Today for the request: the header's zone, the server's date when absent; an unknown zone is a 400. */
export function todayFromTimeZoneHeader(timeZone: string | null, now: Date = new Date()): { ok: true; today: string } | { ok: false; response: Response } {
  if (timeZone === null) return { ok: true, today: todayIn(undefined, now) };
  if (isKnownTimeZone(timeZone)) return { ok: true, today: todayIn(timeZone, now) };
  const detail = "The Time-Zone header must be an IANA time zone name such as Pacific/Auckland or America/New_York; leave it out to use the server's date.";
  return {
    ok: false,
    response: problemResponse({ slug: "invalid_request", detail, extensions: { errors: [{ path: "Time-Zone", message: "unknown time zone" }] } }),
  };
}
