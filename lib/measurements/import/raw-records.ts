// The records of a Palestra CSV or JSON file before validation, mapped to save arguments: export's own files, and a
// plain CSV with a date column and only the measurement columns it has (note, updated_at and the imperial display
// columns export writes are optional and read past). Each record keeps the file's line it starts on.
import { displayFieldName, unitsOf } from "../display-units";
import { measurementFields } from "../fields";
import type { ImportProblem } from "./import-problem";
import { jsonElementLines } from "./json-element-lines";
import { CsvSyntaxError, parseCsvRecords, type CsvRecord } from "./parse-csv";

/** One record's save arguments as found in the file (values possibly of the wrong type: validation reports them). */
export type RawRecord = { line: number; input: { date?: unknown; values?: unknown; note?: unknown }; provenance?: unknown };

export type RawRecords = { ok: true; records: RawRecord[]; problems: ImportProblem[] } | { ok: false; problems: ImportProblem[] };

/** The columns a Palestra CSV may have; only date and one measurement column are needed. */
export const palestraColumns = ["date", ...measurementFields, "note"] as const;
const imperialColumns = measurementFields
  .map((field) => displayFieldName(field, unitsOf("imperial")))
  .filter((name) => !(measurementFields as readonly string[]).includes(name));
const ignoredColumns = new Set(["updated_at", ...imperialColumns]);
const knownColumns = new Set<string>([...palestraColumns, ...ignoredColumns]);
const jsonRecordKeys = new Set(["date", "values", "note", "updated_at", "display_values", "provenance"]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Export puts an apostrophe before a note a spreadsheet would run as a formula (measurements-csv.ts); undone here. */
const NEUTRALIZED_NOTE = /^'+\s*[=+\-@\t\r]/;

const fileProblem = (problem: ImportProblem): RawRecords => ({ ok: false, problems: [problem] });
const withoutByteOrderMark = (text: string) => (text.startsWith("\uFEFF") ? text.slice(1) : text);

function readCell(cell: string): number | string | undefined {
  const trimmed = cell.trim();
  if (trimmed === "") return undefined;
  return NUMBER.test(trimmed) ? Number(trimmed) : cell;
}

function headerProblems(header: readonly string[]): ImportProblem[] {
  const valid = [...palestraColumns, "updated_at"];
  const unknown = header.filter((column) => !knownColumns.has(column));
  const repeated = [...new Set(header.filter((column, index) => header.indexOf(column) !== index))];
  const problems: ImportProblem[] = [];
  if (!header.includes("date")) problems.push({ code: "column_date_missing", columns: valid, line: 1 });
  else if (!measurementFields.some((field) => header.includes(field))) problems.push({ code: "columns_without_values", valid: measurementFields, line: 1 });
  if (unknown.length > 0) problems.push({ code: "columns_unknown", names: unknown, valid, line: 1 });
  if (repeated.length > 0) problems.push({ code: "columns_repeated", names: repeated, line: 1 });
  return problems;
}

export function readCsvRecords(text: string): RawRecords {
  let lines: CsvRecord[];
  try {
    lines = parseCsvRecords(withoutByteOrderMark(text));
  } catch (error) {
    if (error instanceof CsvSyntaxError) return fileProblem({ code: error.code, line: error.line });
    throw error;
  }
  const [headerLine, ...body] = lines;
  const header = headerLine?.cells.map((cell) => cell.trim()) ?? [];
  if (header.length === 0 || (header.length === 1 && header[0] === "")) return fileProblem({ code: "file_empty", columns: palestraColumns, line: 0 });
  const problems = headerProblems(header);
  if (problems.length > 0) return { ok: false, problems };
  const records: RawRecord[] = [];
  const rowProblems: ImportProblem[] = [];
  for (const { line, cells } of body) {
    if (cells.length === 1 && cells[0]?.trim() === "") {
      rowProblems.push({ code: "row_empty", line });
      continue;
    }
    if (cells.length !== header.length) {
      rowProblems.push({ code: "row_cell_count", cells: cells.length, columns: header.length, line });
      continue;
    }
    const cellOf = (column: string) => (header.includes(column) ? (cells[header.indexOf(column)] ?? "") : "");
    const values = Object.fromEntries(measurementFields.map((field) => [field, readCell(cellOf(field))]).filter(([, value]) => value !== undefined));
    const note = cellOf("note");
    const input = { date: cellOf("date").trim(), values, ...(note === "" ? {} : { note: NEUTRALIZED_NOTE.test(note) ? note.slice(1) : note }) };
    records.push({ line, input });
  }
  return { ok: true, records, problems: rowProblems };
}

export function readJsonRecords(text: string): RawRecords {
  let document: unknown;
  const source = withoutByteOrderMark(text);
  try {
    document = JSON.parse(source);
  } catch {
    return fileProblem({ code: "json_invalid", line: 0 });
  }
  const list = document !== null && typeof document === "object" && !Array.isArray(document) ? (document as { records?: unknown }).records : undefined;
  if (!Array.isArray(list)) return fileProblem({ code: "json_without_records", line: 0 });
  const lines = jsonElementLines(source, "records");
  const records: RawRecord[] = [];
  const problems: ImportProblem[] = [];
  list.forEach((item: unknown, index) => {
    const line = lines[index] ?? index + 1;
    if (item === null || typeof item !== "object" || Array.isArray(item)) return problems.push({ code: "record_not_object", line });
    const unknown = Object.keys(item).filter((key) => !jsonRecordKeys.has(key));
    if (unknown.length > 0) return problems.push({ code: "record_unknown_members", names: unknown, line });
    const { date, values, note, provenance } = item as { date?: unknown; values?: unknown; note?: unknown; provenance?: unknown };
    records.push({
      line,
      input: { date, values, ...(note === null || note === undefined ? {} : { note }) },
      ...(provenance === undefined ? {} : { provenance }),
    });
  });
  return { ok: true, records, problems };
}
