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
      { date: "2026-01-02", values: { weight_kg: 80.1, waist_cm: 90 }, note: "=SUM(A1:A9)", updated_at: "x", provenance: {} },
      { date: "2026-01-03", values: { body_fat_pct: 20 }, note: "'+1 already quoted", updated_at: "x", provenance: {} },
      { date: "2026-01-04", values: { height_cm: 180 }, note: 'line one\nline "two", end', updated_at: "x", provenance: {} },
      { date: "2026-01-05", values: { weight_kg: 79 }, note: null, updated_at: "x", provenance: {} },
    ];
    const parsed = read(measurementsToCsv(records));
    expect(parsed).toEqual({
      ok: true,
      rows: records.map((record, index) => ({ row: [2, 3, 4, 6][index], date: record.date, values: record.values, note: record.note })),
    });
  });

  it("reads an imperial export by its metric columns and passes over the display ones", () => {
    const csv = measurementsToCsv([{ date: "2026-01-02", values: { weight_kg: 80, waist_cm: 90 }, note: null, updated_at: "x", provenance: {} }], {
      unitSystem: "imperial",
    });
    expect(csv.split("\r\n")[0]).toContain("weight_lb");
    expect(read(csv)).toEqual({ ok: true, rows: [{ row: 2, date: "2026-01-02", values: { weight_kg: 80, waist_cm: 90 }, note: null }] });
  });

  it("names an unknown column as a coded problem of the header (line 1), in the person's language", () => {
    const parsed = readImportFile({ text: "date,weight,note\n2026-01-02,80,\n", format: "csv", today: "2026-12-01", locale: "es" });
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { row: 1, code: "columns_without_values", detail: expect.stringContaining("ninguna columna de medida") },
        { row: 1, code: "columns_unknown", detail: expect.stringMatching(/^Columnas desconocidas: weight\. Las columnas pueden ser: date, weight_kg/) },
      ],
    });
  });

  it("accepts a plain date,weight_kg,waist_cm,note file: the other columns are optional", () => {
    expect(read("date,weight_kg,waist_cm,note\n2026-01-02,80.5,90,\n2026-01-03,80.1,,after holidays\n")).toEqual({
      ok: true,
      rows: [
        { row: 2, date: "2026-01-02", values: { weight_kg: 80.5, waist_cm: 90 }, note: null },
        { row: 3, date: "2026-01-03", values: { weight_kg: 80.1 }, note: "after holidays" },
      ],
    });
    expect(read("date,weight_kg\n2026-01-02,80\n")).toEqual({ ok: true, rows: [{ row: 2, date: "2026-01-02", values: { weight_kg: 80 }, note: null }] });
  });

  it("refuses a header without a date column, or without any measurement column", () => {
    expect(read("day,weight_kg\n")).toMatchObject({
      ok: false,
      errors: [
        { row: 1, code: "column_date_missing" },
        { row: 1, code: "columns_unknown" },
      ],
    });
    expect(read("date,note\n2026-01-02,x\n")).toMatchObject({ ok: false, errors: [{ row: 1, code: "columns_without_values" }] });
    expect(read("")).toMatchObject({ ok: false, errors: [{ row: 0, code: "file_empty" }] });
  });

  it("numbers a row after a note with a line break by the line it starts on", () => {
    const parsed = read('date,weight_kg,note\n2026-01-02,80,"two\nlines"\n2026-01-03,900,\n');
    expect(parsed).toMatchObject({ ok: false, errors: [{ row: 4, code: "value_invalid" }] });
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
    expect(parsed.errors.map((error) => error.row)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(parsed.errors.map((error) => error.code)).toEqual([
      "date_invalid",
      "date_future",
      "value_invalid",
      "value_invalid",
      "values_missing",
      "row_cell_count",
      "date_repeated",
    ]);
    const detail = (row: number) => parsed.errors.find((error) => error.row === row)?.detail ?? "";
    expect(detail(3)).toBe("The date “02/01/2026” is not a date written as year-month-day. Write it like 2026-12-01.");
    expect(detail(4)).toBe("The date 2027-01-01 is in the future (today is 2026-12-01).");
    expect(detail(5)).toBe("Weight “900” is not a number from 20 to 400 kg with at most one decimal.");
    expect(detail(6)).toContain("“heavy”");
    expect(detail(7)).toMatch(/no measurement/);
    expect(detail(8)).toMatch(/2 cells/);
    expect(detail(9)).toBe("The date 2026-01-02 is also on line 2; keep one line per date.");
    expect(parsed.errors.every((error) => !/Send /.test(error.detail))).toBe(true);
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
    // Numbered by the lines the records start on, as the file is laid out.
    const parsed = read(JSON.stringify(bad, null, 2), "json");
    expect(parsed).toMatchObject({
      ok: false,
      errors: [
        { row: 3, code: "value_invalid" },
        { row: 9, code: "record_unknown_members" },
      ],
    });
    expect(read("[1,2]", "json")).toEqual({ ok: false, errors: [{ row: 0, code: "json_without_records", detail: expect.stringContaining('"records" list') }] });
    expect(read("{", "json")).toEqual({ ok: false, errors: [{ row: 0, code: "json_invalid", detail: "The file is not valid JSON." }] });
  });
});
