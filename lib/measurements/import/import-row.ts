// The rows an import file holds, before and after validation, and the problems it reports per row.
import type { MeasurementValues } from "../fields";

/** A record as read from the file: `row` counts records from 1 (row 0 is the file itself: header, syntax, encoding). */
export type ImportRow = { row: number; date: string; values: MeasurementValues; note: string | null };

export type ImportRowError = { row: number; detail: string };

export type ImportFileFormat = "csv" | "json";

/** What a file yields: every record, or every problem found (a file with any problem imports nothing). */
export type ParsedImportFile = { ok: true; rows: ImportRow[] } | { ok: false; errors: ImportRowError[] };
