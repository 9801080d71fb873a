import { describe, expect, it } from "vitest";
import { escapeCsvCell, measurementsToCsv } from "@/lib/export/measurements-csv";

describe("measurementsToCsv", () => {
  it("writes a header with every field and one row per record, empty cells for missing values", () => {
    const csv = measurementsToCsv([
      { date: "2026-01-02", values: { weight_kg: 77.4, waist_cm: 82 }, note: null, updated_at: "2026-01-02T08:00:00.000Z", provenance: {} },
    ]);
    expect(csv).toBe(
      "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at\r\n" +
        "2026-01-02,77.4,,,,82,,,,,,,2026-01-02T08:00:00.000Z\r\n",
    );
  });
});

describe("escapeCsvCell", () => {
  it("quotes cells holding commas, quotes or line breaks", () => {
    expect(escapeCsvCell('after "leg day", tired\nok')).toBe('"after ""leg day"", tired\nok"');
  });

  it("neutralizes text a spreadsheet would run as a formula", () => {
    expect(escapeCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(escapeCsvCell("+1")).toBe("'+1");
    expect(escapeCsvCell("plain")).toBe("plain");
  });

  it("neutralizes a formula after leading spaces, and leaves other text that starts with spaces alone", () => {
    expect(escapeCsvCell(" =1+1")).toBe("' =1+1");
    expect(escapeCsvCell("   @SUM(A1)")).toBe("'   @SUM(A1)");
    expect(escapeCsvCell("' =1")).toBe("'' =1");
    expect(escapeCsvCell("  leg day")).toBe("  leg day");
  });
});

describe("measurementsToCsv for imperial units", () => {
  it("keeps the metric columns as stored and adds pound and inch display columns after them", () => {
    const csv = measurementsToCsv(
      [{ date: "2026-01-02", values: { weight_kg: 77.1, waist_cm: 82, body_fat_pct: 18 }, note: null, updated_at: "2026-01-02T08:00:00.000Z", provenance: {} }],
      { unitSystem: "imperial" },
    );
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(
      "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at,weight_lb,neck_in,chest_in,waist_in,hips_in,biceps_in,quadriceps_in,calf_in,height_in",
    );
    expect(row).toBe("2026-01-02,77.1,18,,,82,,,,,,,2026-01-02T08:00:00.000Z,170,,,32.3,,,,,");
  });
});
