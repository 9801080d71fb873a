// Reads a Palestra CSV or JSON file into rows, validated by the same rules as every save (validation.ts), and reports
// every problem of every line, coded and worded in the person's language: an import is all or nothing.
import type { Locale } from "@/lib/i18n/locale";
import { measurementFields, type MeasurementValues } from "../fields";
import { saveMeasurementInputSchema, validateArguments } from "../validation";
import { importProblemOfArgument, type ImportProblem } from "./import-problem";
import { readRecordProvenance } from "./record-provenance";
import { toImportRowError } from "./import-messages";
import { readCsvRecords, readJsonRecords, type RawRecord } from "./raw-records";
import type { ImportFileFormat, ImportRow, ParsedImportFile } from "./import-row";

function validateRecord(record: RawRecord, today: string): ImportRow | ImportProblem[] {
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input: record.input, today });
  if (!validation.ok) return validation.problems.map((problem) => importProblemOfArgument(problem, record.line));
  const { date, values, note } = validation.value;
  const kept: MeasurementValues = {};
  for (const field of measurementFields) if (values[field] !== undefined) kept[field] = values[field];
  if (record.provenance === undefined || record.provenance === null) return { row: record.line, date, values: kept, note: note ?? null };
  const provenance = readRecordProvenance(record.provenance, kept);
  if (!provenance.ok) return [{ code: "provenance_invalid", field: provenance.field, line: record.line }];
  return { row: record.line, date, values: kept, note: note ?? null, provenance: provenance.provenance };
}

/** The problems in line order, worded; a line with several problems lists each. */
export function wordImportProblems(problems: readonly ImportProblem[], locale: Locale) {
  return [...problems].sort((a, b) => a.line - b.line).map((problem) => toImportRowError(problem, locale));
}

export function readImportFile(options: { text: string; format: ImportFileFormat; today: string; locale: Locale }): ParsedImportFile {
  const read = options.format === "csv" ? readCsvRecords(options.text) : readJsonRecords(options.text);
  if (!read.ok) return { ok: false, errors: wordImportProblems(read.problems, options.locale) };
  const problems: ImportProblem[] = [...read.problems];
  const rows: ImportRow[] = [];
  const firstLineOfDate = new Map<string, number>();
  for (const record of read.records) {
    const result = validateRecord(record, options.today);
    if (Array.isArray(result)) {
      problems.push(...result);
      continue;
    }
    const earlier = firstLineOfDate.get(result.date);
    if (earlier !== undefined) {
      problems.push({ code: "date_repeated", date: result.date, earlierLine: earlier, line: result.row });
      continue;
    }
    firstLineOfDate.set(result.date, result.row);
    rows.push(result);
  }
  if (problems.length > 0) return { ok: false, errors: wordImportProblems(problems, options.locale) };
  return { ok: true, rows };
}
