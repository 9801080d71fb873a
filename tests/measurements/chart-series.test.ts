import { describe, expect, it } from "vitest";
import { chartSeries, defaultRange, timeOf, timeTicks } from "@/app/measurements/chart-series";
import { unitsOf } from "@/lib/measurements/display-units";
import { buildTrendResult } from "@/lib/measurements/trend-result";

const metric = unitsOf("metric");
const weights = (entries: [string, number][]) => entries.map(([date, weight]) => ({ date, values: { weight_kg: weight } }));

describe("chartSeries", () => {
  it("places records on a time axis, so a 1-day and a 3-day gap are drawn to scale", () => {
    const series = chartSeries({
      records: weights([
        ["2026-01-01", 80],
        ["2026-01-02", 80.2],
        ["2026-01-05", 79.8],
      ]),
      field: "weight_kg",
      units: metric,
      range: "30",
      today: "2026-01-10",
    });
    const times = series.points.map((point) => point.time);
    expect((times[1]! - times[0]!) * 3).toBe(times[2]! - times[1]!);
    expect(series.from).toBe(timeOf("2025-12-12"));
    expect(series.to).toBe(timeOf("2026-01-10"));
  });

  it("draws the get_trend tool's trend: its numbers, one decimal, in the person's units, ending at its latest trend", () => {
    const entries: [string, number][] = [
      ["2026-01-01", 80],
      ["2026-01-03", 81],
      ["2026-01-08", 79.4],
      ["2026-01-09", 79.9],
    ];
    const tool = buildTrendResult({
      field: "weight_kg",
      records: entries.map(([date, value]) => ({ date, value })),
      windowDays: 28,
      goal: null,
      unitSystem: "imperial",
    });
    const kilograms = chartSeries({ records: weights(entries), field: "weight_kg", units: metric, range: "all", today: "2026-01-09" });
    expect(kilograms.points.map((point) => point.trend)).toEqual(tool.trend.map((point) => Math.round(point.trend * 10) / 10));
    // Not the raw values, nor their plain average: 80 moved 19 % of the way to 81 over two days.
    expect(kilograms.points[1]?.trend).toBe(80.2);
    const pounds = chartSeries({ records: weights(entries), field: "weight_kg", units: unitsOf("imperial"), range: "all", today: "2026-01-09" });
    expect(pounds.points.at(-1)?.trend).toBe(tool.display_values?.latest_trend);
  });

  it("restarts the trend after a gap of more than 14 days, and only then", () => {
    const series = chartSeries({
      records: weights([
        ["2026-01-01", 80],
        ["2026-01-15", 78],
        ["2026-01-30", 76],
      ]),
      field: "weight_kg",
      units: metric,
      range: "all",
      today: "2026-01-30",
    });
    expect(series.points.map((point) => point.restart)).toEqual([false, false, true]);
    expect(series.points.map((point) => point.trend)).toEqual([80, 78.5, 76]);
  });

  it("carries the trend into a range from the records before it, and fits it on the axis", () => {
    const series = chartSeries({
      records: weights([
        ["2025-11-28", 90],
        ["2025-12-05", 90],
        ["2025-12-13", 80],
      ]),
      field: "weight_kg",
      units: metric,
      range: "30",
      today: "2026-01-05",
    });
    expect(series.count).toBe(1);
    // 90 moved 1 − 0.9^8 (57 %) of the way to 80.
    expect(series.points[0]?.trend).toBe(84.3);
    expect(series.values).toEqual({ min: 80, max: 80 });
    expect(series.axis.max).toBeGreaterThanOrEqual(84.3);
  });

  it("keeps a small wobble small: the value axis spans at least 2 kg or 4 lb", () => {
    const records = weights([
      ["2026-01-01", 80],
      ["2026-01-02", 80.4],
    ]);
    const kilograms = chartSeries({ records, field: "weight_kg", units: metric, range: "all", today: "2026-01-02" });
    expect(kilograms.axis.max - kilograms.axis.min).toBeGreaterThanOrEqual(2);
    expect(kilograms.axis.min).toBeLessThanOrEqual(80);
    expect(kilograms.axis.max).toBeGreaterThanOrEqual(80.4);
    const pounds = chartSeries({ records, field: "weight_kg", units: unitsOf("imperial"), range: "all", today: "2026-01-02" });
    expect(pounds.unit).toBe("lb");
    expect(pounds.points.map((point) => point.value)).toEqual([176.4, 177.3]);
    expect(pounds.axis.max - pounds.axis.min).toBeGreaterThanOrEqual(4);
  });

  it("shows only the records of the chosen range", () => {
    const records = weights([
      ["2025-01-01", 90],
      ["2026-01-01", 80],
    ]);
    expect(chartSeries({ records, field: "weight_kg", units: metric, range: "90", today: "2026-01-10" }).count).toBe(1);
    expect(chartSeries({ records, field: "weight_kg", units: metric, range: "all", today: "2026-01-10" }).count).toBe(2);
  });

  it("defaults to what the data spans: everything within a year, the last year of a longer history, everything of an old one", () => {
    const week = ["2026-01-04", "2026-01-06", "2026-01-10"].map((date) => ({ date }));
    expect(defaultRange(week, "2026-01-10")).toBe("all");
    expect(defaultRange([], "2026-01-10")).toBe("all");
    // 365 days back from today inclusive is still "within a year"; one more day is not.
    expect(defaultRange([{ date: "2025-01-11" }, { date: "2026-01-10" }], "2026-01-10")).toBe("all");
    expect(defaultRange([{ date: "2025-01-10" }, { date: "2026-01-10" }], "2026-01-10")).toBe("365");
    expect(defaultRange([{ date: "2020-01-01" }, { date: "2025-12-01" }], "2026-01-10")).toBe("365");
    expect(defaultRange([{ date: "2020-01-01" }, { date: "2021-03-01" }], "2026-01-10")).toBe("all");
  });

  it("draws a week of records across the whole axis by default, not in a corner of 90 days", () => {
    const records = weights([
      ["2026-01-04", 80],
      ["2026-01-10", 79.5],
    ]);
    const series = chartSeries({ records, field: "weight_kg", units: metric, range: defaultRange(records, "2026-01-10"), today: "2026-01-10" });
    expect((series.to - series.from) / 86_400_000).toBeLessThanOrEqual(12);
    expect(series.count).toBe(2);
  });

  it("spreads a few ticks over the range", () => {
    const ticks = timeTicks(timeOf("2026-01-01"), timeOf("2026-01-31"));
    expect(ticks[0]).toBe(timeOf("2026-01-01"));
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });
});
