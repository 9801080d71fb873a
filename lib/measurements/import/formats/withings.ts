// Withings' weight.csv: Date,"Weight (kg)","Fat mass (kg)",... with the unit only in the header ("(lb)" for accounts
// in pounds) and local time without offset; body fat % is derived as fat mass ÷ weight.
import { createCsvFormatParser } from "./csv-format";
import { massFactors, readNumber, readWallClock, type FormatParser, type ImportItem } from "./reading";

const WEIGHT = /^Weight \((kg|lb)\)$/;
const FAT_MASS = /^Fat mass \((kg|lb)\)$/;

export function createWithingsParser(): FormatParser {
  return createCsvFormatParser({
    readHeader(header) {
      const dateIndex = header.indexOf("Date");
      const weightIndex = header.findIndex((name) => WEIGHT.test(name));
      const fatIndex = header.findIndex((name) => FAT_MASS.test(name));
      if (dateIndex < 0) return [{ code: "column_date_missing", columns: ["Date", "Weight (kg)", "Fat mass (kg)"], line: 1 }];
      if (weightIndex < 0) return [{ code: "columns_without_values", valid: ["Weight (kg)", "Weight (lb)"], line: 1 }];
      const unit = WEIGHT.exec(header[weightIndex] ?? "")?.[1] ?? "kg";
      const fatUnit = FAT_MASS.exec(header[fatIndex] ?? "")?.[1] ?? unit;
      return (cells, line) => {
        const when = readWallClock(cells[dateIndex] ?? "");
        if (!when) return [{ problem: { code: "date_invalid", received: cells[dateIndex] ?? "", example: "2024-05-02 07:00:00", line } }];
        const items: ImportItem[] = [];
        const weightText = cells[weightIndex]?.trim() ?? "";
        const weight = readNumber(weightText);
        if (weightText !== "" && weight === null) return [{ problem: { code: "value_unreadable", field: "weight_kg", received: weightText, line } }];
        if (weight !== null) {
          const provenance = { source: "withings", value: weight, unit, derived: false };
          items.push({ reading: { line, field: "weight_kg", value: weight * (massFactors[unit] ?? 1), ...when, provenance } });
        }
        const fatMass = fatIndex < 0 ? null : readNumber(cells[fatIndex]);
        if (fatMass !== null && weight !== null && weight > 0) {
          const percent = ((fatMass * (massFactors[fatUnit] ?? 1)) / (weight * (massFactors[unit] ?? 1))) * 100;
          const provenance = { source: "withings", value: fatMass, unit: fatUnit, derived: true };
          items.push({ reading: { line, field: "body_fat_pct", value: percent, ...when, provenance } });
        }
        return items;
      };
    },
  });
}
