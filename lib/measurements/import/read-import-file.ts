// Reads an exported CSV or JSON file back into rows, validated by the same rules as every save (validation.ts), and
// reports every problem of every row: an import is all or nothing.
import { argumentProblemMessage } from "@/lib/outcome/argument-messages";
import type { Locale } from "@/lib/i18n/locale";
import { measurementFields, type MeasurementValues } from "../fields";
import { saveMeasurementInputSchema, validateArguments } from "../validation";
import { readCsvRecords, readJsonRecords, type RawRecord } from "./raw-records";
import type { ImportFileFormat, ImportRow, ImportRowError, ParsedImportFile } from "./import-row";

function validateRecord(record: RawRecord, options: { today: string; locale: Locale }): ImportRow | ImportRowError {
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input: record.input, today: options.today });
  if (!validation.ok) return { row: record.row, detail: validation.problems.map((problem) => argumentProblemMessage(problem, options.locale)).join(" ") };
  const { date, values, note } = validation.value;
  const kept: MeasurementValues = {};
  for (const field of measurementFields) if (values[field] !== undefined) kept[field] = values[field];
  return { row: record.row, date, values: kept, note: note ?? null };
}

export function readImportFile(options: { text: string; format: ImportFileFormat; today: string; locale: Locale }): ParsedImportFile {
  const read = options.format === "csv" ? readCsvRecords(options.text) : readJsonRecords(options.text);
  if (!read.ok) return read;
  const errors: ImportRowError[] = [...read.problems];
  const rows: ImportRow[] = [];
  const firstRowOfDate = new Map<string, number>();
  for (const record of read.records) {
    const result = validateRecord(record, options);
    if (!("date" in result)) {
      errors.push(result);
      continue;
    }
    const earlier = firstRowOfDate.get(result.date);
    if (earlier !== undefined) {
      errors.push({ row: result.row, detail: `The date ${result.date} is also in row ${earlier}; a file holds one record per date.` });
      continue;
    }
    firstRowOfDate.set(result.date, result.row);
    rows.push(result);
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };
  return { ok: true, rows };
}
