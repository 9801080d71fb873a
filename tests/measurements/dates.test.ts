// "Today" where the person is: an injected clock at 20:00 UTC on 29 November, which is already 30 November in
// Auckland (UTC+13) and still 29 November in New York (UTC-5).
import { describe, expect, it } from "vitest";
import { isKnownTimeZone, todayForTimeZone, todayIn } from "@/lib/measurements/dates";
import { pinServerTimeZone } from "../support/pin-server-time-zone";

const now = new Date("2026-11-29T20:00:00Z");

// The server's own zone decides the fall-back date; pinned so the expected dates hold on every machine.
pinServerTimeZone("UTC");

describe("todayForTimeZone", () => {
  it("gives the person's date: Auckland is a day ahead of the UTC server, New York is not", () => {
    expect(todayForTimeZone("Pacific/Auckland", now)).toBe("2026-11-30");
    expect(todayForTimeZone("America/New_York", now)).toBe("2026-11-29");
    expect(todayForTimeZone("UTC", now)).toBe("2026-11-29");
  });

  it("falls back to the server's date when the zone is missing, empty, unknown or absurdly long, never throwing", () => {
    expect(todayIn(undefined, now)).toBe("2026-11-29");
    for (const zone of [undefined, "", "Mars/Olympus_Mons", "not a zone", `Pacific/${"A".repeat(200)}`]) {
      expect(todayForTimeZone(zone, now)).toBe("2026-11-29");
    }
  });
});

describe("isKnownTimeZone", () => {
  it("accepts IANA names and refuses what Intl does not know", () => {
    expect(["Pacific/Auckland", "America/Sao_Paulo", "Europe/Madrid", "UTC"].map(isKnownTimeZone)).toEqual([true, true, true, true]);
    expect(["", "Mars/Olympus_Mons", "Pacific/Auckland; drop table", `Europe/${"x".repeat(100)}`].map(isKnownTimeZone)).toEqual([false, false, false, false]);
  });
});
