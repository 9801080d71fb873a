import { describe, expect, it } from "vitest";
import { fieldRanges, measurementFields } from "@/lib/measurements/fields";
import { displayFieldName, displayRange, displayUnit, fromMetric, toMetric, unitsOf } from "@/lib/measurements/display-units";

describe("display units", () => {
  it("maps a unit system to its mass and length units", () => {
    expect(unitsOf("metric")).toEqual({ mass: "kg", length: "cm" });
    expect(unitsOf("imperial")).toEqual({ mass: "lb", length: "in" });
  });

  it("converts pounds and inches to metric, rounded to one decimal, as the save tool does", () => {
    const imperial = unitsOf("imperial");
    // 170 lb = 77.1107029 kg; 32.3 in = 82.042 cm.
    expect(toMetric({ field: "weight_kg", value: 170, units: imperial })).toBe(77.1);
    expect(toMetric({ field: "waist_cm", value: 32.3, units: imperial })).toBe(82);
    // 1 lb = 0.45359237 kg exactly: 100 lb is 45.359237 kg.
    expect(toMetric({ field: "weight_kg", value: 100, units: imperial })).toBe(45.4);
    expect(toMetric({ field: "body_fat_pct", value: 18.5, units: imperial })).toBe(18.5);
  });

  it("leaves metric values alone", () => {
    expect(toMetric({ field: "weight_kg", value: 77.4, units: unitsOf("metric") })).toBe(77.4);
    expect(fromMetric({ field: "waist_cm", value: 82, units: unitsOf("metric") })).toBe(82);
  });

  it("shows metric values in pounds and inches with one decimal", () => {
    const imperial = unitsOf("imperial");
    expect(fromMetric({ field: "weight_kg", value: 77.1, units: imperial })).toBe(170);
    expect(fromMetric({ field: "waist_cm", value: 82, units: imperial })).toBe(32.3);
    expect(fromMetric({ field: "body_fat_pct", value: 18.5, units: imperial })).toBe(18.5);
  });

  it("round-trips every stored weight through pounds without changing it", () => {
    const imperial = unitsOf("imperial");
    for (let tenths = 200; tenths <= 4000; tenths += 1) {
      const kilograms = tenths / 10;
      const pounds = fromMetric({ field: "weight_kg", value: kilograms, units: imperial });
      expect(toMetric({ field: "weight_kg", value: pounds, units: imperial })).toBe(kilograms);
    }
  });

  it("names the display unit and the display field", () => {
    const imperial = unitsOf("imperial");
    expect(measurementFields.map((field) => displayUnit(field, imperial))).toEqual(["lb", "%", "in", "in", "in", "in", "in", "in", "in", "in"]);
    expect(displayFieldName("weight_kg", imperial)).toBe("weight_lb");
    expect(displayFieldName("waist_cm", imperial)).toBe("waist_in");
    expect(displayFieldName("body_fat_pct", imperial)).toBe("body_fat_pct");
    expect(displayFieldName("waist_cm", unitsOf("metric"))).toBe("waist_cm");
  });

  it("states a range in display units whose ends are themselves valid after conversion", () => {
    const imperial = unitsOf("imperial");
    expect(displayRange("weight_kg", imperial)).toEqual({ min: 44, max: 881.9, unit: "lb" });
    expect(displayRange("waist_cm", imperial)).toEqual({ min: 4, max: 98.4, unit: "in" });
    expect(displayRange("weight_kg", unitsOf("metric"))).toEqual({ min: 20, max: 400, unit: "kg" });
    for (const field of measurementFields) {
      const range = displayRange(field, imperial);
      expect(toMetric({ field, value: range.min, units: imperial })).toBeGreaterThanOrEqual(fieldMin(field));
      expect(toMetric({ field, value: range.max, units: imperial })).toBeLessThanOrEqual(fieldMax(field));
    }
  });
});

const fieldMin = (field: (typeof measurementFields)[number]) => fieldRanges[field].min;
const fieldMax = (field: (typeof measurementFields)[number]) => fieldRanges[field].max;
