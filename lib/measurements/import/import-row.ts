// The rows an import file holds, after validation, and what reading a file yields.
import type { MeasurementValues } from "../fields";
import type { ImportRowError } from "./import-problem";

/** A record as read from the file: `row` is the file's line where it starts (the header is line 1). */
export type ImportRow = { row: number; date: string; values: MeasurementValues; note: string | null };

export type { ImportRowError } from "./import-problem";

export type ImportFileFormat = "csv" | "json";

/** What a file yields: every record, or every problem found (a file with any problem imports nothing). */
export type ParsedImportFile = { ok: true; rows: ImportRow[] } | { ok: false; errors: ImportRowError[] };
