// Units of a save: exact factors, one decimal, limits named in the caller's unit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldRanges, measurementFields } from "@/lib/measurements/fields";
import {
  convertValuesToMetric,
  displayValuesOf,
  fieldRangeIn,
  roundToOneDecimal,
  toMetricValue,
  valuesAsSent,
  withDisplayValues,
} from "@/lib/measurements/units";

describe("converting a save to metric", () => {
  it("uses the exact factors and rounds to one decimal", () => {
    expect(toMetricValue({ field: "weight_kg", value: 170, units: { mass: "lb" } })).toBe(77.1);
    expect(toMetricValue({ field: "weight_kg", value: 150.5, units: { mass: "lb" } })).toBe(68.3);
    expect(toMetricValue({ field: "waist_cm", value: 32, units: { length: "in" } })).toBe(81.3);
    expect(toMetricValue({ field: "height_cm", value: 70, units: { length: "in" } })).toBe(177.8);
  });

  it("leaves metric values and body fat exactly as sent, whatever the units", () => {
    expect(toMetricValue({ field: "weight_kg", value: 77.45, units: { mass: "kg" } })).toBe(77.45);
    expect(toMetricValue({ field: "body_fat_pct", value: 18.5, units: { mass: "lb", length: "in" } })).toBe(18.5);
    expect(toMetricValue({ field: "waist_cm", value: 82, units: { mass: "lb" } })).toBe(82);
  });

  it("rounds exact ties half away from zero, as decimal arithmetic does", () => {
    // 2.5 in is exactly 6.35 cm and 12.5 in exactly 31.75 cm: ties, computed in integers so no binary rounding can tip them.
    expect(toMetricValue({ field: "biceps_cm", value: 2.5, units: { length: "in" } })).toBe(6.4);
    expect(toMetricValue({ field: "biceps_cm", value: 12.5, units: { length: "in" } })).toBe(31.8);
    // 100 lb is exactly 45.359237 kg; 1e-7 lb is tiny but still converts without exponent trouble.
    expect(toMetricValue({ field: "weight_kg", value: 100, units: { mass: "lb" } })).toBe(45.4);
    expect(toMetricValue({ field: "weight_kg", value: 1e-7, units: { mass: "lb" } })).toBe(0);
    expect(toMetricValue({ field: "weight_kg", value: -2.5, units: { length: "in", mass: "lb" } })).toBe(-1.1);
  });

  it("agrees with a reference that rounds the exact product in tenths, for every value of up to two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), fc.constantFrom("lb", "in"), (hundredths, unit) => {
        // value = hundredths / 100; exact product in units of 1e-10 is hundredths * factor(1e-8 scale).
        const factor = unit === "lb" ? 45_359_237n : 254_000_000n;
        const product = BigInt(hundredths) * factor; // metric value × 1e10
        const tenths = (product + 500_000_000n) / 1_000_000_000n; // half up, to tenths
        const field = unit === "lb" ? "weight_kg" : "waist_cm";
        const units = unit === "lb" ? { mass: "lb" as const } : { length: "in" as const };
        expect(toMetricValue({ field, value: hundredths / 100, units })).toBe(Number(tenths) / 10);
      }),
    );
  });

  it("keeps the sign: a negative value in pounds stays negative in kilograms", () => {
    expect(toMetricValue({ field: "weight_kg", value: -80, units: { mass: "lb" } })).toBe(-36.3);
  });

  it("reports what it converted, and the values as sent can be rebuilt from it", () => {
    const sent = { weight_kg: 170, waist_cm: 32, body_fat_pct: 18 };
    const result = convertValuesToMetric(sent, { mass: "lb", length: "in" });
    expect(result).toEqual({
      values: { weight_kg: 77.1, body_fat_pct: 18, waist_cm: 81.3 },
      converted: { weight_kg: { from: 170, unit: "lb" }, waist_cm: { from: 32, unit: "in" } },
    });
    expect(valuesAsSent(result.values, result.converted)).toEqual(sent);
    expect(convertValuesToMetric({ weight_kg: 77.4 }, undefined)).toEqual({ values: { weight_kg: 77.4 } });
  });
});

describe("ranges in the caller's unit", () => {
  it("names the metric ranges unchanged for metric units", () => {
    for (const field of measurementFields) expect(fieldRangeIn(field, undefined)).toEqual({ ...fieldRanges[field] });
  });

  it("names exactly the pound and inch values the save accepts", () => {
    expect(fieldRangeIn("weight_kg", { mass: "lb" })).toEqual({ min: 44, max: 881.9, unit: "lb" });
    expect(fieldRangeIn("height_cm", { length: "in" })).toEqual({ min: 19.7, max: 102.3, unit: "in" });
    fc.assert(
      fc.property(fc.constantFrom(...measurementFields.filter((field) => field !== "body_fat_pct")), fc.integer({ min: 0, max: 12_000 }), (field, tenths) => {
        const units = { mass: "lb", length: "in" } as const;
        const value = tenths / 10;
        const { min, max } = fieldRangeIn(field, units);
        const metric = toMetricValue({ field, value, units });
        const accepted = metric >= fieldRanges[field].min && metric <= fieldRanges[field].max;
        expect(accepted).toBe(value >= min && value <= max);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("display values for an imperial preference", () => {
  it("adds pounds and inches to a read, one decimal, and nothing for a metric preference", () => {
    expect(displayValuesOf({ weight_kg: 77.1, waist_cm: 82, body_fat_pct: 18 }, "imperial")).toEqual({ weight_lb: 170, body_fat_pct: 18, waist_in: 32.3 });
    expect(displayValuesOf({ weight_kg: 77.1 }, "metric")).toBeUndefined();
    const record = { date: "2026-11-20", values: { weight_kg: 77.1 }, note: null, updated_at: "x" };
    expect(withDisplayValues(record, "imperial")).toEqual({ ...record, display_values: { weight_lb: 170 } });
    expect(withDisplayValues(record, "metric")).toBe(record);
    expect(withDisplayValues(record, undefined)).toBe(record);
  });

  it("never shows minus zero", () => {
    expect(Object.is(roundToOneDecimal(-0.04), 0)).toBe(true);
  });
});
