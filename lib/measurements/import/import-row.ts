// The rows an import file holds, after validation, and what reading a file yields.
import type { MeasurementValues } from "../fields";
import type { Provenances } from "../provenance";
import type { ImportRowError } from "./import-problem";

/**
 * A record as read from the file: `row` is the file's line where it starts (the header is line 1). `provenance`: where
 * each value came from when the file says so (another app's reading, or a Palestra JSON record that carries it).
 */
export type ImportRow = { row: number; date: string; values: MeasurementValues; note: string | null; provenance?: Provenances };

export type { ImportRowError } from "./import-problem";

export type ImportFileFormat = "csv" | "json";

/** What a file yields: every record, or every problem found (a file with any problem imports nothing). */
export type ParsedImportFile = { ok: true; rows: ImportRow[] } | { ok: false; errors: ImportRowError[] };
