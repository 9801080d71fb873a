import { describe, expect, it } from "vitest";
import { chartSeries, defaultRange, timeOf, timeTicks } from "@/app/measurements/chart-series";
import { unitsOf } from "@/lib/measurements/display-units";

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

  it("averages each record with the records of the 7 days up to it", () => {
    const series = chartSeries({
      records: weights([
        ["2026-01-01", 80],
        ["2026-01-03", 81],
        ["2026-01-08", 82],
      ]),
      field: "weight_kg",
      units: metric,
      range: "all",
      today: "2026-01-08",
    });
    expect(series.points.map((point) => point.average)).toEqual([80, 80.5, 81.5]);
  });

  it("breaks the average across a gap longer than a week instead of bridging it", () => {
    const series = chartSeries({
      records: weights([
        ["2026-01-01", 80],
        ["2026-01-20", 78],
      ]),
      field: "weight_kg",
      units: metric,
      range: "all",
      today: "2026-01-20",
    });
    expect(series.points.map((point) => point.average)).toEqual([80, null, 78]);
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

  it("defaults to 90 days when they hold records, and to everything otherwise", () => {
    expect(defaultRange([{ date: "2026-01-01" }], "2026-01-10")).toBe("90");
    expect(defaultRange([{ date: "2020-01-01" }], "2026-01-10")).toBe("all");
  });

  it("spreads a few ticks over the range", () => {
    const ticks = timeTicks(timeOf("2026-01-01"), timeOf("2026-01-31"));
    expect(ticks[0]).toBe(timeOf("2026-01-01"));
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });
});
