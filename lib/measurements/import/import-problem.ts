// What an import found wrong, as a stable code and its facts; import-messages.ts words it per language. `line` is the
// file's own line number (the header is line 1), 0 for the whole file.
import type { ArgumentProblem } from "@/lib/outcome/argument-problem";
import { describeReceived } from "@/lib/outcome/argument-problem";

export type ImportProblemFacts =
  | { code: "file_not_utf8" }
  | { code: "file_empty"; columns: readonly string[] }
  | { code: "csv_unclosed_quote" }
  | { code: "csv_text_after_quote" }
  | { code: "column_date_missing"; columns: readonly string[] }
  | { code: "columns_without_values"; valid: readonly string[] }
  | { code: "columns_unknown"; names: readonly string[]; valid: readonly string[] }
  | { code: "columns_repeated"; names: readonly string[] }
  | { code: "json_invalid" }
  | { code: "json_without_records" }
  | { code: "xml_invalid"; reason: string }
  | { code: "archive_invalid"; expected: string }
  | { code: "file_unreadable" }
  | { code: "unit_required"; parameter: string; valid: readonly string[] }
  | { code: "date_order_required"; example: string; parameter: string; valid: readonly string[] }
  | { code: "column_required"; parameter: string }
  | { code: "column_not_found"; parameter: string; column: string; columns: readonly string[] }
  | { code: "row_empty" }
  | { code: "row_cell_count"; cells: number; columns: number }
  | { code: "record_not_object" }
  | { code: "record_unknown_members"; names: readonly string[] }
  | { code: "provenance_invalid"; field: string }
  | { code: "date_invalid"; received: string; example: string }
  | { code: "date_future"; received: string; today: string }
  | { code: "date_repeated"; date: string; earlierLine: number }
  | { code: "value_invalid"; field: string; received: string; min: number; max: number; unit: string }
  | { code: "value_unreadable"; field: string; received: string }
  | { code: "unit_unknown"; unit: string; valid: readonly string[] }
  | { code: "value_unknown_field"; names: readonly string[]; valid: readonly string[] }
  | { code: "values_missing" }
  | { code: "note_invalid"; maxLength: number }
  | { code: "note_malformed" };

export type ImportProblem = ImportProblemFacts & { line: number };
export type ImportProblemCode = ImportProblem["code"];

/** An import problem as the API and the page show it: code, line (as `row`, the file's line) and worded detail. */
export type ImportRowError = { row: number; code: ImportProblemCode; detail: string };

/** The import's wording of a save-argument problem found on one line of the file. */
export function importProblemOfArgument(problem: ArgumentProblem, line: number): ImportProblem {
  switch (problem.kind) {
    case "missing_argument":
      return { code: "date_invalid", received: "", example: problem.example, line };
    case "date_format":
      return { code: "date_invalid", received: describeReceived(problem.received), example: problem.example, line };
    case "future_date":
      return { code: "date_future", received: problem.received, today: problem.today, line };
    case "field_value":
      return {
        code: "value_invalid",
        field: problem.field,
        received: describeReceived(problem.received),
        min: problem.min,
        max: problem.max,
        unit: problem.unit,
        line,
      };
    case "unknown_field":
      return { code: "value_unknown_field", names: problem.names, valid: problem.valid, line };
    case "note_invalid":
      return { code: "note_invalid", maxLength: problem.maxLength, line };
    case "note_malformed":
      return { code: "note_malformed", line };
    default:
      // values_required, and shapes a file row cannot produce (a row's values always form an object).
      return { code: "values_missing", line };
  }
}
