// The line under a value in the records table, in each language: the source by name, the number and unit the source
// gave only when the table does not already show it, and "derived" for a computed value.
import { describe, expect, it } from "vitest";
import { provenanceLine, sourceName } from "@/lib/measurements/provenance-text";

const withingsLb = { source: "withings", original_value: 176.8, original_unit: "lb", derived: false };

describe("provenanceLine", () => {
  it("names the source and the pounds the file held when the table shows kilograms", () => {
    expect(provenanceLine(withingsLb, { locale: "en", shown: { value: 80.2, unit: "kg" } })).toBe("from Withings · 176.8 lb");
    expect(provenanceLine(withingsLb, { locale: "es", shown: { value: 80.2, unit: "kg" } })).toBe("vía Withings · 176,8 lb");
    expect(provenanceLine(withingsLb, { locale: "pt", shown: { value: 80.2, unit: "kg" } })).toBe("via Withings · 176,8 lb");
  });

  it("leaves out an original that the table already shows", () => {
    expect(provenanceLine(withingsLb, { locale: "en", shown: { value: 176.8, unit: "lb" } })).toBe("from Withings");
    const chat = { source: "chat", original_value: 80, original_unit: "kg", derived: false };
    expect(provenanceLine(chat, { locale: "es", shown: { value: 80, unit: "kg" } })).toBe("vía chat");
  });

  it("says derived for a computed value, with what it was computed from", () => {
    const fat = { source: "withings", original_value: 28.6, original_unit: "lb", derived: true };
    expect(provenanceLine(fat, { locale: "en", shown: { value: 16.2, unit: "%" } })).toBe("derived from Withings · 28.6 lb");
    expect(provenanceLine(fat, { locale: "pt", shown: { value: 16.2, unit: "%" } })).toBe("derivado, via Withings · 28,6 lb");
  });

  it("names the app and the device inside it", () => {
    expect(sourceName("apple-health:Withings", "en")).toBe("Apple Health (Withings)");
    expect(sourceName("health-connect:Renpho Health", "pt")).toBe("Health Connect (Renpho Health)");
    expect(sourceName("palestra", "es")).toBe("archivo de Palestra");
    expect(sourceName("some-new-app", "en")).toBe("some-new-app");
  });
});
