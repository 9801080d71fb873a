// Chart ticks use the short date: a few characters, so neighbouring ticks never run into each other.
import { describe, expect, it } from "vitest";
import { formatShortDate } from "@/lib/i18n/format";

describe("formatShortDate", () => {
  it("writes day and short month in each language, Portuguese without its 'de' connectors", () => {
    expect(formatShortDate("2026-10-20", "en")).toBe("20 Oct");
    expect(formatShortDate("2026-10-20", "es")).toBe("20 oct");
    expect(formatShortDate("2026-10-20", "pt")).toBe("20 out.");
    expect(formatShortDate("2026-10-20", "pt", { withYear: true })).toBe("20 out. 2026");
  });

  it("keeps a string that is not a date as it is", () => {
    expect(formatShortDate("soon", "pt")).toBe("soon");
  });
});
