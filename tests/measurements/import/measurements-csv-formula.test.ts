// Export neutralizes a formula-looking note with one apostrophe, also one that starts with apostrophes, so import
// removes exactly one and every note comes back as written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measurementsToCsv } from "@/lib/export/measurements-csv";
import { readImportFile } from "@/lib/measurements/import/read-import-file";

describe("CSV notes through export and import", () => {
  it("round-trips any note made of formula characters, apostrophes, quotes, commas and line breaks", () => {
    const noteArbitrary = fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "'", "\t", "\r", "\n", '"', ",", "a", " "), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(noteArbitrary, (note) => {
        const csv = measurementsToCsv([{ date: "2026-01-02", values: { weight_kg: 80 }, note, updated_at: "x", provenance: {} }]);
        const parsed = readImportFile({ text: csv, format: "csv", today: "2026-12-01", locale: "en" });
        expect(parsed).toEqual({ ok: true, rows: [{ row: 2, date: "2026-01-02", values: { weight_kg: 80 }, note }] });
      }),
      { numRuns: 500 },
    );
  });
});
