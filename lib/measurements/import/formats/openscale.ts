// openScale's CSV export: "dateTime","weight","fat",...,"waist","hip" in the units openScale stores (kg, %, cm);
// 0.0 means the value was not measured.
import type { MeasurementField } from "../../fields";
import { createCsvFormatParser } from "./csv-format";
import { readNumber, readWallClock, type FormatParser, type ImportItem } from "./reading";

const columns: Array<{ name: string; field: MeasurementField; unit: string }> = [
  { name: "weight", field: "weight_kg", unit: "kg" },
  { name: "fat", field: "body_fat_pct", unit: "%" },
  { name: "waist", field: "waist_cm", unit: "cm" },
  { name: "hip", field: "hips_cm", unit: "cm" },
];

export function createOpenScaleParser(): FormatParser {
  return createCsvFormatParser({
    readHeader(header) {
      const dateIndex = header.indexOf("dateTime");
      if (dateIndex < 0) return [{ code: "column_date_missing", columns: ["dateTime", ...columns.map((column) => column.name)], line: 1 }];
      const present = columns.map((column) => ({ ...column, index: header.indexOf(column.name) })).filter((column) => column.index >= 0);
      if (present.length === 0) return [{ code: "columns_without_values", valid: columns.map((column) => column.name), line: 1 }];
      return (cells, line) => {
        const when = readWallClock(cells[dateIndex] ?? "");
        if (!when) return [{ problem: { code: "date_invalid", received: cells[dateIndex] ?? "", example: "2024-05-02 07:00", line } }];
        const items: ImportItem[] = [];
        for (const column of present) {
          const text = cells[column.index]?.trim() ?? "";
          const value = readNumber(text);
          if (text !== "" && value === null) items.push({ problem: { code: "value_unreadable", field: column.field, received: text, line } });
          else if (value !== null && value !== 0) {
            const provenance = { source: "openscale", value, unit: column.unit, derived: false };
            items.push({ reading: { line, field: column.field, value, ...when, provenance } });
          }
        }
        return items;
      };
    },
  });
}
