// One record per day: the same reading from two sources counted once (2 minutes, 0.05), the per-day rule, rounding.
import { describe, expect, it } from "vitest";
import { applyPerDayRule, DayCollector, withoutDuplicates } from "@/lib/measurements/import/collect-days";
import type { Reading } from "@/lib/measurements/import/formats/reading";

const at = (minutes: number) => Date.UTC(2024, 4, 2, 7, 0) + minutes * 60_000;
const reading = (minutes: number, value: number, source = "a", line = minutes + 1): Reading => ({
  line,
  field: "weight_kg",
  value,
  localDate: "2024-05-02",
  instant: at(minutes),
  provenance: { source, value, unit: "kg", derived: false },
});

describe("withoutDuplicates", () => {
  it("counts a reading once when another source has it within 2 minutes and 0.05", () => {
    expect(withoutDuplicates([reading(0, 80.2, "scale"), reading(2, 80.25, "phone")]).map((item) => item.provenance.source)).toEqual(["scale"]);
  });

  it("keeps readings 2 minutes and 1 second apart, or 0.06 apart", () => {
    const later = { ...reading(0, 80.2, "phone"), instant: at(2) + 1000 };
    expect(withoutDuplicates([reading(0, 80.2, "scale"), later])).toHaveLength(2);
    expect(withoutDuplicates([reading(0, 80.2, "scale"), reading(1, 80.26, "phone")])).toHaveLength(2);
  });
});

describe("applyPerDayRule", () => {
  const day = [reading(0, 80.4), reading(300, 79.9), reading(700, 81.1)];
  it.each([
    ["first", 80.4],
    ["last", 81.1],
    ["min", 79.9],
    ["mean", (80.4 + 79.9 + 81.1) / 3],
  ] as const)("%s gives %d", (rule, expected) => {
    expect(applyPerDayRule(day, rule).value).toBeCloseTo(expected, 9);
  });
});

describe("DayCollector", () => {
  it("stores the day's value rounded to one decimal, says how many readings it merged, and refuses one out of range", () => {
    const collector = new DayCollector();
    for (const item of [reading(0, 80.44), reading(1, 80.46, "phone"), reading(600, 81)]) collector.add(item);
    const days = collector.finish({ perDay: "mean", today: "2026-01-01" });
    expect(days).toMatchObject({ duplicates: 1, problems: [], rows: [{ date: "2024-05-02", values: { weight_kg: 80.7 }, readings: 2, row: 1 }] });
    const outOfRange = new DayCollector();
    outOfRange.add(reading(0, 4.5));
    expect(outOfRange.finish({ perDay: "first", today: "2026-01-01" }).problems).toEqual([
      { code: "value_invalid", field: "weight_kg", received: "4.5", min: 20, max: 400, unit: "kg", line: 1 },
    ]);
  });
});
