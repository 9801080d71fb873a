// The trend, rate and ETA of lib/measurements/compute-trend.ts against an independent reference, over generated series:
// daily and sparse weigh-ins, gaps over 14 days (new segments), a single record, and every window from 14 to 180 days.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTrend } from "@/lib/measurements/compute-trend";
import { buildTrendResult } from "@/lib/measurements/trend-result";
import { KILOGRAMS_PER_POUND, CENTIMETRES_PER_INCH } from "@/lib/measurements/units";
import { referenceRate, referenceTrend, walkDate, walkDays } from "./reference-trend";

const close = (actual: number | null, expected: number | null) => {
  if (expected === null) return expect(actual).toBeNull();
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThan(1e-9 * Math.max(1, Math.abs(expected)));
};

/** A series: a start date, gaps between records (1–40 days, so some exceed 14), one-decimal values in a field's range. */
const series = fc
  .record({
    start: fc.integer({ min: 0, max: 3_000 }),
    gaps: fc.array(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 })), { minLength: 0, maxLength: 60 }),
    values: fc.array(fc.integer({ min: 400, max: 1_500 }), { minLength: 61, maxLength: 61 }),
  })
  .map(({ start, gaps, values }) => {
    let date = walkDate("2018-01-01", start);
    const records = [{ date, value: (values[0] as number) / 10 }];
    gaps.forEach((gap, index) => {
      date = walkDate(date, gap);
      records.push({ date, value: (values[index + 1] as number) / 10 });
    });
    return records;
  });

const windowDays = fc.integer({ min: 14, max: 180 });

describe("computeTrend against the reference", () => {
  it("gives every record the reference's trend, restarting after a gap of more than 14 days", () => {
    fc.assert(
      fc.property(series, windowDays, (records, days) => {
        const computed = computeTrend({ records, windowDays: days, target: null });
        const reference = referenceTrend(records);
        expect(computed.points.map((point) => point.date)).toEqual(reference.map((point) => point.date));
        computed.points.forEach((point, index) => close(point.trend, reference[index]?.trend ?? null));
        close(computed.latest_trend, reference.at(-1)?.trend ?? null);
        expect(computed.records).toBe(records.length);
      }),
      { numRuns: 300 },
    );
  });

  it("works the rate out over the last segment's window only when 5 records span 10 days", () => {
    fc.assert(
      fc.property(series, windowDays, (records, days) => {
        const computed = computeTrend({ records, windowDays: days, target: null });
        const reference = referenceRate(records, days);
        close(computed.rate_per_week, reference.rate);
        expect(computed.enough_data).toBe(reference.rate !== null);
        expect(computed.rate_records).toBe(reference.records);
        expect(computed.rate_span_days).toBe(reference.span);
        expect(computed.segment_start).toBe(reference.segmentStart);
      }),
      { numRuns: 300 },
    );
  });

  it("dates the goal where the trend reaches it at the rate, or says why there is no date", () => {
    fc.assert(
      fc.property(series, windowDays, fc.integer({ min: 400, max: 1_500 }), (records, days, targetTenths) => {
        const target = targetTenths / 10;
        const computed = computeTrend({ records, windowDays: days, target });
        const latest = referenceTrend(records).at(-1)?.trend as number;
        const { rate } = referenceRate(records, days);
        const distance = target - latest;
        const last = records.at(-1)?.date as string;
        if (Math.abs(distance) < 0.05) expect(computed).toMatchObject({ eta: null, eta_reason: "reached" });
        else if (rate === null) expect(computed).toMatchObject({ eta: null, eta_reason: "no_rate" });
        else if (Math.abs(rate) < 0.005 || rate * distance < 0) expect(computed).toMatchObject({ eta: null, eta_reason: "moving_away" });
        else {
          expect(computed.eta_reason).toBeNull();
          const days = walkDays(last, computed.eta as string);
          // The first whole day on which the trend, moving at the rate, has reached the target.
          expect(days).toBe(Math.ceil((distance / rate) * 7));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("computeTrend's edges", () => {
  it("answers a single record with its value as the trend and no rate", () => {
    expect(computeTrend({ records: [{ date: "2026-11-01", value: 80.4 }], windowDays: 28, target: 75 })).toEqual({
      records: 1,
      first_date: "2026-11-01",
      last_date: "2026-11-01",
      points: [{ date: "2026-11-01", value: 80.4, trend: 80.4 }],
      latest_trend: 80.4,
      rate_per_week: null,
      enough_data: false,
      rate_records: 1,
      rate_span_days: 0,
      segment_start: "2026-11-01",
      eta: null,
      eta_reason: "no_rate",
    });
  });

  it("answers no records with records 0 and no trend", () => {
    expect(computeTrend({ records: [], windowDays: 28, target: null })).toMatchObject({ records: 0, latest_trend: null, enough_data: false, eta_reason: null });
  });

  it("restarts at the value after 15 days, and not after 14", () => {
    const after = (gap: number) =>
      computeTrend({
        records: [
          { date: "2026-01-01", value: 80 },
          { date: walkDate("2026-01-01", gap), value: 70 },
        ],
        windowDays: 28,
        target: null,
      });
    expect(after(15).latest_trend).toBe(70);
    expect(after(15).segment_start).toBe("2026-01-16");
    close(after(14).latest_trend, 80 + (1 - 0.9 ** 14) * (70 - 80));
    expect(after(14).segment_start).toBe("2026-01-01");
  });

  it("needs 5 records and 10 days: 5 over 9 days has no rate, 5 over 10 days has one", () => {
    const records = (lastDay: string) => ["2026-01-01", "2026-01-03", "2026-01-05", "2026-01-07", lastDay].map((date, index) => ({ date, value: 80 - index }));
    expect(computeTrend({ records: records("2026-01-10"), windowDays: 28, target: null })).toMatchObject({
      enough_data: false,
      rate_per_week: null,
      rate_span_days: 9,
    });
    expect(computeTrend({ records: records("2026-01-11"), windowDays: 28, target: null })).toMatchObject({ enough_data: true, rate_span_days: 10 });
  });
});

describe("the tool result in the person's units", () => {
  it("adds display_values in pounds or inches for an imperial preference, and none for metric or percentages", () => {
    fc.assert(
      fc.property(series, windowDays, fc.constantFrom("weight_kg" as const, "waist_cm" as const), (records, days, field) => {
        const goal = { target: 70, updated_at: "2026-01-01T00:00:00.000Z" };
        const metric = buildTrendResult({ field, records, windowDays: days, goal, unitSystem: "metric" });
        expect(metric.display_values).toBeUndefined();
        const imperial = buildTrendResult({ field, records, windowDays: days, goal, unitSystem: "imperial" });
        const factor = field === "weight_kg" ? KILOGRAMS_PER_POUND : CENTIMETRES_PER_INCH;
        // Rounded to one decimal, and never -0: a rate that rounds to nothing has no sign to show.
        const shown = (value: number | null) => (value === null ? null : Math.round((value / factor) * 10) / 10 || 0);
        expect(imperial.display_values).toEqual({
          unit: field === "weight_kg" ? "lb" : "in",
          latest_trend: shown(imperial.latest_trend),
          rate_per_week: shown(imperial.rate_per_week),
          target: shown(70),
        });
        // The metric numbers themselves are the same whatever the preference.
        expect({ ...imperial, display_values: undefined }).toEqual({ ...metric, display_values: undefined });
        expect(buildTrendResult({ field: "body_fat_pct", records, windowDays: days, goal: null, unitSystem: "imperial" }).display_values).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });

  it("shows a falling rate that rounds to nothing as 0, not -0 (fast-check seed 1991048395 found it in CI)", () => {
    const records = [
      { date: "2018-01-01", value: 71.7 },
      { date: "2018-01-09", value: 112.5 },
      { date: "2018-01-12", value: 78.8 },
      { date: "2018-01-15", value: 62.9 },
      { date: "2018-01-18", value: 40 },
    ];
    const goal = { target: 70, updated_at: "2026-01-01T00:00:00.000Z" };
    const imperial = buildTrendResult({ field: "waist_cm", records, windowDays: 17, goal, unitSystem: "imperial" });
    expect(imperial.rate_per_week).toBeLessThan(0);
    expect(Object.is(imperial.display_values?.rate_per_week, 0)).toBe(true);
  });

  it("shows the points within the window of the newest record, of every segment", () => {
    const records = [
      { date: "2026-01-01", value: 80 },
      { date: "2026-02-01", value: 79 },
      { date: "2026-02-10", value: 78 },
    ];
    const result = buildTrendResult({ field: "weight_kg", records, windowDays: 14, goal: null });
    expect(result.trend.map((point) => point.date)).toEqual(["2026-02-01", "2026-02-10"]);
    expect(result.records).toBe(3);
    expect(result.segment_start).toBe("2026-02-01");
  });
});
