// Reading export files back: CSV syntax (quotes, line breaks, formula neutralizing), the columns export writes, and a
// report of every invalid row (wrong columns, bad dates, values out of range, duplicates) with nothing kept.
import { describe, expect, it } from "vitest";
import { measurementsToCsv } from "@/lib/export/measurements-csv";
import { parseCsv } from "@/lib/measurements/import/parse-csv";
import { readImportFile } from "@/lib/measurements/import/read-import-file";

const header = "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at";
const read = (text: string, format: "csv" | "json" = "csv") => readImportFile({ text, format, today: "2026-12-01", locale: "en" });
const csvRow = (date: string, weight: string, note = "") => `${date},${weight},,,,,,,,,,${note},2026-01-01T00:00:00.000Z`;

describe("parseCsv", () => {
  it("keeps commas, doubled quotes and line breaks inside quoted cells", () => {
    expect(parseCsv('a,"b, ""c""\r\nd",e\r\n1,2,3\r\n')).toEqual([
      ["a", 'b, "c"\r\nd', "e"],
      ["1", "2", "3"],
    ]);
  });

  it("refuses a quoted cell that never closes", () => {
    expect(() => parseCsv('a,"b\n1,2')).toThrow(/never closes/);
  });
});

describe("readImportFile", () => {
  it("reads back every record export wrote, notes that look like formulas included", () => {
    const records = [
      { date: "2026-01-02", values: { weight_kg: 80.1, waist_cm: 90 }, note: "=SUM(A1:A9)", updated_at: "x" },
      { date: "2026-01-03", values: { body_fat_pct: 20 }, note: "'+1 already quoted", updated_at: "x" },
      { date: "2026-01-04", values: { height_cm: 180 }, note: 'line one\nline "two", end', updated_at: "x" },
      { date: "2026-01-05", values: { weight_kg: 79 }, note: null, updated_at: "x" },
    ];
    const parsed = read(measurementsToCsv(records));
    expect(parsed).toEqual({
      ok: true,
      rows: records.map((record, index) => ({ row: index + 1, date: record.date, values: record.values, note: record.note })),
    });
  });

  it("reads an imperial export by its metric columns and passes over the display ones", () => {
    const csv = measurementsToCsv([{ date: "2026-01-02", values: { weight_kg: 80, waist_cm: 90 }, note: null, updated_at: "x" }], { unitSystem: "imperial" });
    expect(csv.split("\r\n")[0]).toContain("weight_lb");
    expect(read(csv)).toEqual({ ok: true, rows: [{ row: 1, date: "2026-01-02", values: { weight_kg: 80, waist_cm: 90 }, note: null }] });
  });

  it("names missing and unknown columns as a problem of the file (row 0)", () => {
    const parsed = read("date,weight,note\n2026-01-02,80,\n");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]?.row).toBe(0);
    expect(parsed.errors[0]?.detail).toMatch(/Missing columns: weight_kg, body_fat_pct.*Unknown columns: weight\./);
  });

  it("lists every invalid row: bad date, future date, out of range, not a number, no value, wrong cell count, repeated date", () => {
    const text = [
      header,
      csvRow("2026-01-02", "80"),
      csvRow("02/01/2026", "80"),
      csvRow("2027-01-01", "80"),
      csvRow("2026-01-03", "900"),
      csvRow("2026-01-04", "heavy"),
      csvRow("2026-01-05", ""),
      "2026-01-06,80",
      csvRow("2026-01-02", "81"),
    ].join("\n");
    const parsed = read(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((error) => error.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const detail = (row: number) => parsed.errors.find((error) => error.row === row)?.detail ?? "";
    expect(detail(2)).toContain("02/01/2026");
    expect(detail(3)).toContain("2027-01-01");
    expect(detail(4)).toMatch(/weight_kg.*400/);
    expect(detail(5)).toContain("heavy");
    expect(detail(6)).toMatch(/at least one|measurement/i);
    expect(detail(7)).toMatch(/2 cells/);
    expect(detail(8)).toMatch(/also in row 1/);
  });

  it("reads the JSON export and refuses a record with an unknown member or invalid values", () => {
    const good = {
      exported_at: "x",
      records: [{ date: "2026-01-02", values: { weight_kg: 80 }, note: "=1+1", updated_at: "x", display_values: { weight_lb: 176.4 } }],
    };
    expect(read(JSON.stringify(good), "json")).toEqual({ ok: true, rows: [{ row: 1, date: "2026-01-02", values: { weight_kg: 80 }, note: "=1+1" }] });
    const bad = {
      records: [
        { date: "2026-01-02", values: { weight_kg: "80" } },
        { date: "2026-01-03", values: { weight_kg: 80 }, mood: "ok" },
      ],
    };
    const parsed = read(JSON.stringify(bad), "json");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((error) => error.row)).toEqual([1, 2]);
    expect(read("[1,2]", "json")).toEqual({ ok: false, errors: [{ row: 0, detail: expect.stringContaining('"records" array') }] });
    expect(read("{", "json")).toEqual({ ok: false, errors: [{ row: 0, detail: "The file is not valid JSON." }] });
  });
});
