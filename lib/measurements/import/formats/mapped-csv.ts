// Any CSV with a header, its columns mapped by the person: which column holds the date and which the weight (in kg
// or in lb: the file does not say), and, when the dates could be read two ways, their order (dmy, mdy or ymd).
import type { MassUnit } from "../../units";
import type { ImportProblem } from "../import-problem";
import { createCsvFormatParser } from "./csv-format";
import { calendarDate, massFactors, readNumber, readWallClock, type FormatParser, type ImportItem, type Reading } from "./reading";

export const dateOrders = ["dmy", "mdy", "ymd"] as const;
export type DateOrder = (typeof dateOrders)[number];
export type CsvMapping = { dateColumn: string; weightColumn: string; weightUnit: MassUnit; dateOrder?: DateOrder };

const NUMERIC_DATE = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
type DateParts = { first: number; second: number; third: number; time: string; text: string };

function readNumericDate(text: string): DateParts | null {
  const match = NUMERIC_DATE.exec(text.trim());
  if (!match) return null;
  const [, first, second, third, hours = "0", minutes = "00", seconds = "00"] = match;
  return { first: Number(first), second: Number(second), third: Number(third), time: `${hours.padStart(2, "0")}:${minutes}:${seconds}`, text };
}

function resolveDate(parts: DateParts, order: DateOrder): { localDate: string; instant: number } | null {
  const fullYear = (year: number) => (year < 100 ? 2000 + year : year);
  const [year, month, day] =
    order === "ymd"
      ? [parts.first, parts.second, parts.third]
      : order === "dmy"
        ? [parts.third, parts.second, parts.first]
        : [parts.third, parts.first, parts.second];
  const date = calendarDate(fullYear(year), month, day);
  return date ? readWallClock(`${date} ${parts.time}`) : null;
}

/** The order the file's own dates allow (a day above 12 settles it), or null when every date reads both ways. */
function inferOrder(pending: readonly DateParts[]): DateOrder | "conflicting" | null {
  if (pending.every((parts) => parts.first > 31)) return "ymd";
  const dayFirst = pending.some((parts) => parts.first > 12);
  const monthFirst = pending.some((parts) => parts.second > 12);
  if (dayFirst && monthFirst) return "conflicting";
  return dayFirst ? "dmy" : monthFirst ? "mdy" : null;
}

export function createMappedCsvParser(mapping: CsvMapping): FormatParser {
  const pending: Array<{ parts: DateParts; line: number; reading: Omit<Reading, "localDate" | "instant"> }> = [];
  const columnProblem = (parameter: string, column: string, header: string[]): ImportProblem => ({
    code: "column_not_found",
    parameter,
    column,
    columns: header,
    line: 1,
  });
  return createCsvFormatParser({
    readHeader(header) {
      const dateIndex = header.indexOf(mapping.dateColumn);
      const weightIndex = header.indexOf(mapping.weightColumn);
      const problems = [
        ...(dateIndex < 0 ? [columnProblem("date", mapping.dateColumn, header)] : []),
        ...(weightIndex < 0 ? [columnProblem(`weight_${mapping.weightUnit}`, mapping.weightColumn, header)] : []),
      ];
      if (problems.length > 0) return problems;
      return (cells, line): ImportItem[] => {
        const dateText = cells[dateIndex]?.trim() ?? "";
        const weightText = cells[weightIndex]?.trim() ?? "";
        if (weightText === "") return [];
        const weight = readNumber(weightText);
        if (weight === null) return [{ problem: { code: "value_unreadable", field: "weight_kg", received: weightText, line } }];
        const provenance = { source: "csv", value: weight, unit: mapping.weightUnit, derived: false };
        const reading = { line, field: "weight_kg" as const, value: weight * (massFactors[mapping.weightUnit] ?? 1), provenance };
        const iso = /^\d{4}-\d{2}-\d{2}/.test(dateText) ? readWallClock(dateText) : null;
        if (iso) return [{ reading: { ...reading, ...iso } }];
        const parts = readNumericDate(dateText);
        if (!parts) return [{ problem: { code: "date_invalid", received: dateText, example: "2024-05-02", line } }];
        if (!mapping.dateOrder) {
          pending.push({ parts, line, reading });
          return [];
        }
        const when = resolveDate(parts, mapping.dateOrder);
        return when ? [{ reading: { ...reading, ...when } }] : [{ problem: { code: "date_invalid", received: dateText, example: "2024-05-02", line } }];
      };
    },
    end() {
      if (pending.length === 0) return [];
      const order = inferOrder(pending.map((item) => item.parts));
      if (order === null || order === "conflicting")
        return [{ problem: { code: "date_order_required", example: pending[0]?.parts.text ?? "", parameter: "date_order", valid: dateOrders, line: 0 } }];
      return pending.map(({ parts, line, reading }): ImportItem => {
        const when = resolveDate(parts, order);
        return when ? { reading: { ...reading, ...when } } : { problem: { code: "date_invalid", received: parts.text, example: "2024-05-02", line } };
      });
    },
  });
}
