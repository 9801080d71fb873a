// The stored day is the reading's own local day for every offset from −12:00 to +14:00: checked against the time
// zone database (Intl's Etc/GMT zones) for Apple Health's written offsets and Health Connect's epoch + zone_offset,
// through to the day the import stores.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DayCollector } from "@/lib/measurements/import/collect-days";
import { readAppleHealthRecord } from "@/lib/measurements/import/formats/apple-health";
import { localDateAt } from "@/lib/measurements/import/formats/reading";

const instantArbitrary = fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2035, 11, 31) / 1000 }).map((seconds) => seconds * 1000);
const offsetHoursArbitrary = fc.integer({ min: -12, max: 14 });

/** The wall clock at a whole-hour offset, from the time zone database rather than from our arithmetic. */
function wallClockOf(instant: number, offsetHours: number): { date: string; time: string } {
  const zone = offsetHours === 0 ? "Etc/GMT" : `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

const appleOffset = (hours: number) => `${hours < 0 ? "-" : "+"}${String(Math.abs(hours)).padStart(2, "0")}00`;

describe("the reading's own local day", () => {
  it("Apple Health: the day written in startDate, whatever its offset, and the instant it names", () => {
    fc.assert(
      fc.property(instantArbitrary, offsetHoursArbitrary, (instant, offsetHours) => {
        const wall = wallClockOf(instant, offsetHours);
        const startDate = `${wall.date} ${wall.time} ${appleOffset(offsetHours)}`;
        const item = readAppleHealthRecord({ type: "HKQuantityTypeIdentifierBodyMass", unit: "kg", value: "80", startDate, sourceName: "x" }, 1);
        expect(item).toMatchObject({ reading: { localDate: wall.date, instant } });
      }),
      { numRuns: 500 },
    );
  });

  it("Health Connect: epoch milliseconds and zone_offset seconds give the day of that offset, which is the day stored", () => {
    fc.assert(
      fc.property(instantArbitrary, offsetHoursArbitrary, (instant, offsetHours) => {
        const localDate = localDateAt(instant, offsetHours * 60);
        expect(localDate).toBe(wallClockOf(instant, offsetHours).date);
        const collector = new DayCollector();
        const provenance = { source: "health-connect", value: 80000, unit: "g", derived: false };
        collector.add({ line: 1, field: "weight_kg", value: 80, localDate, instant, provenance });
        expect(collector.finish({ perDay: "first", today: "2099-01-01" }).rows.map((row) => row.date)).toEqual([localDate]);
      }),
      { numRuns: 500 },
    );
  });

  it("reads the half- and quarter-hour offsets as written (+05:30, +05:45, −09:30)", () => {
    expect(
      readAppleHealthRecord({ type: "HKQuantityTypeIdentifierBodyMass", unit: "kg", value: "80", startDate: "2024-05-02 00:10:00 +0545" }, 1),
    ).toMatchObject({
      reading: { localDate: "2024-05-02", instant: Date.UTC(2024, 4, 1, 18, 25) },
    });
    expect(localDateAt(Date.UTC(2024, 4, 1, 18, 25), 5 * 60 + 45)).toBe("2024-05-02");
    expect(localDateAt(Date.UTC(2024, 4, 2, 9, 0), -(9 * 60 + 30))).toBe("2024-05-01");
  });
});
