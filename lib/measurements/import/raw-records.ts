// The records of an export file before validation: CSV columns or JSON members mapped to save arguments, exactly as
// GET /measurements/export writes them (display columns such as weight_lb are read past; the metric ones are stored).
import { displayFieldName, unitsOf } from "../display-units";
import { measurementFields } from "../fields";
import { CsvSyntaxError, parseCsv } from "./parse-csv";
import type { ImportRowError } from "./import-row";

/** One record's save arguments as found in the file (values possibly of the wrong type: validation reports them). */
export type RawRecord = { row: number; input: { date?: unknown; values?: unknown; note?: unknown } };

export type RawRecords = { ok: true; records: RawRecord[]; problems: ImportRowError[] } | { ok: false; errors: ImportRowError[] };

const requiredColumns = ["date", ...measurementFields, "note"] as const;
/** Written by export and read past on import: the record's time of change, and imperial display columns. */
const imperialColumns = measurementFields
  .map((field) => displayFieldName(field, unitsOf("imperial")))
  .filter((name) => !(measurementFields as readonly string[]).includes(name));
const ignoredColumns = new Set(["updated_at", ...imperialColumns]);
const jsonRecordKeys = new Set(["date", "values", "note", "updated_at", "display_values"]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Export puts an apostrophe before a note a spreadsheet would run as a formula (measurements-csv.ts); undone here. */
const NEUTRALIZED_NOTE = /^'+[=+\-@\t\r]/;

const fileProblem = (detail: string): RawRecords => ({ ok: false, errors: [{ row: 0, detail }] });

function readCell(cell: string): number | string | undefined {
  if (cell === "") return undefined;
  return NUMBER.test(cell) ? Number(cell) : cell;
}

export function readCsvRecords(text: string): RawRecords {
  let lines: string[][];
  try {
    lines = parseCsv(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return fileProblem(error.message);
    throw error;
  }
  const [header, ...body] = lines;
  if (!header || (header.length === 1 && header[0] === ""))
    return fileProblem("The file is empty: the first line must name the columns (date, weight_kg, ..., note).");
  const missing = requiredColumns.filter((column) => !header.includes(column));
  const unknown = header.filter((column) => !(requiredColumns as readonly string[]).includes(column) && !ignoredColumns.has(column));
  const repeated = header.filter((column, index) => header.indexOf(column) !== index);
  const headerProblems = [
    missing.length > 0 ? `Missing columns: ${missing.join(", ")}.` : "",
    unknown.length > 0 ? `Unknown columns: ${unknown.join(", ")}.` : "",
    repeated.length > 0 ? `Repeated columns: ${repeated.join(", ")}.` : "",
  ].filter(Boolean);
  if (headerProblems.length > 0)
    return fileProblem(`${headerProblems.join(" ")} The columns are those export writes: ${requiredColumns.join(", ")}, updated_at.`);
  const records: RawRecord[] = [];
  const problems: ImportRowError[] = [];
  body.forEach((cells, index) => {
    const row = index + 1;
    if (cells.length === 1 && cells[0] === "") return problems.push({ row, detail: "The row is empty." });
    if (cells.length !== header.length) return problems.push({ row, detail: `The row has ${cells.length} cells; the header names ${header.length} columns.` });
    const cellOf = (column: string) => cells[header.indexOf(column)] ?? "";
    const values = Object.fromEntries(measurementFields.map((field) => [field, readCell(cellOf(field))]).filter(([, value]) => value !== undefined));
    const note = cellOf("note");
    const input = { date: cellOf("date"), values, ...(note === "" ? {} : { note: NEUTRALIZED_NOTE.test(note) ? note.slice(1) : note }) };
    records.push({ row, input });
  });
  return { ok: true, records, problems };
}

export function readJsonRecords(text: string): RawRecords {
  let document: unknown;
  try {
    document = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch {
    return fileProblem("The file is not valid JSON.");
  }
  const list = document !== null && typeof document === "object" && !Array.isArray(document) ? (document as { records?: unknown }).records : undefined;
  if (!Array.isArray(list)) return fileProblem('The file must be a JSON object with a "records" array, as export writes it.');
  const records: RawRecord[] = [];
  const problems: ImportRowError[] = [];
  list.forEach((item: unknown, index) => {
    const row = index + 1;
    if (item === null || typeof item !== "object" || Array.isArray(item))
      return problems.push({ row, detail: "The record must be an object with date, values and note." });
    const unknown = Object.keys(item).filter((key) => !jsonRecordKeys.has(key));
    if (unknown.length > 0) return problems.push({ row, detail: `Unknown members: ${unknown.join(", ")}. A record holds date, values, note and updated_at.` });
    const { date, values, note } = item as { date?: unknown; values?: unknown; note?: unknown };
    records.push({ row, input: { date, values, ...(note === null || note === undefined ? {} : { note }) } });
  });
  return { ok: true, records, problems };
}
