// A time zone whose date differs from the UTC server's right now, so a spec can tell the person's today from the
// server's: Kiritimati (UTC+14) is a day ahead from 10:00 UTC, Pago Pago (UTC-11) a day behind until 11:00 UTC.
import { todayIn } from "@/lib/measurements/dates";

export function zoneAwayFromUtc(now: Date = new Date()): { zone: string; personToday: string; serverToday: string } {
  const zone = now.getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
  return { zone, personToday: todayIn(zone, now), serverToday: todayIn("UTC", now) };
}
