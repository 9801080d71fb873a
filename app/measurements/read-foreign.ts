// Reads another app's export on the page: its choices checked (a unit or a CSV column the file does not give is asked,
// never guessed), every format (Health Connect's SQLite file too) read by the Web Worker into days sent in batches
// well under the body limit, so a file's size never meets it; then the preview, a dry run of what importing would do.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import type { ForeignFormat, ForeignImportOptions } from "@/lib/measurements/import/import-options";
import { toImportRowError } from "@/lib/measurements/import/import-messages";
import type { ImportProblem } from "@/lib/measurements/import/import-problem";
import { parseCsvRecords } from "@/lib/measurements/import/parse-csv";
import { batchesOf, sendBatches, type ImportBatch } from "./import-batches";
import type { FormatChoices } from "./import-format-options";
import type { ImportAnswer } from "./post-import";
import { readInWorker } from "./read-in-worker";

type Chosen = { kind: "batches"; batches: ImportBatch[] };
export type ForeignRead =
  | { kind: "needs"; message: string }
  | { kind: "invalid"; errors: Array<{ row: number; detail: string }> }
  | { kind: "answered"; chosen: Chosen; answer: ImportAnswer };

const HEADER_BYTES = 64 * 1024;
const MEGABYTE = 1024 * 1024;

/** The first line's cells of a CSV file (its column names), read from its first bytes only. */
export async function readHeaderColumns(file: File): Promise<string[]> {
  const start = await file.slice(0, HEADER_BYTES).text();
  const firstLine = start.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
  try {
    return (parseCsvRecords(firstLine)[0]?.cells ?? []).map((cell) => cell.trim()).filter((cell) => cell !== "");
  } catch {
    return [];
  }
}

function todayHere(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

function optionsOf(choices: FormatChoices, text: Dictionary["measurements"]): ForeignImportOptions | string {
  const format = choices.format as ForeignFormat;
  if ((format === "fitbit" || format === "csv") && choices.unit === "") return text.importNeedsUnit;
  if (format === "fitbit") return { format, perDay: choices.perDay, unit: choices.unit || "kg" };
  if (format !== "csv") return { format, perDay: choices.perDay };
  if (choices.dateColumn === "" || choices.weightColumn === "") return text.importNeedsColumns;
  const mapping = { dateColumn: choices.dateColumn, weightColumn: choices.weightColumn, weightUnit: choices.unit || "kg" } as const;
  return { format, perDay: choices.perDay, mapping: choices.dateOrder ? { ...mapping, dateOrder: choices.dateOrder } : mapping };
}

export async function readForeign(options: {
  file: File;
  choices: FormatChoices;
  text: Dictionary["measurements"];
  locale: Locale;
  maxBytes: number;
  onBusy: (label: string) => void;
}): Promise<ForeignRead> {
  const { file, choices, text, locale, maxBytes, onBusy } = options;
  const importOptions = optionsOf(choices, text);
  if (typeof importOptions === "string") return { kind: "needs", message: importOptions };
  onBusy(text.importReading);
  const result = await readInWorker({
    file,
    importOptions,
    today: todayHere(),
    onProgress: ({ bytes, readings }) => onBusy(formatMessage(text.importProgress, { megabytes: (bytes / MEGABYTE).toFixed(1), readings })),
  });
  // The page asks for the date order with its own control ("Dates are written"), not the API's parameter.
  const wordProblem = (problem: ImportProblem) =>
    problem.code === "date_order_required"
      ? { row: problem.line, detail: formatMessage(text.importNeedsDateOrder, { example: problem.example }) }
      : toImportRowError(problem, locale);
  if (!result.ok) return { kind: "invalid", errors: result.problems.map(wordProblem) };
  const chosen: Chosen = { kind: "batches", batches: batchesOf(result.rows, { maxBytes }) };
  const answer = await sendBatches({
    batches: chosen.batches,
    locale,
    dryRun: true,
    replace: false,
    // One batch is checked in a moment: the reading's own progress stays until the preview.
    onBatch: (index) => (chosen.batches.length > 1 ? onBusy(formatMessage(text.importChecking, { part: index + 1, parts: chosen.batches.length })) : undefined),
  });
  const readings = {
    found: result.readings,
    duplicates: result.duplicates,
    days_merged: result.rows.filter((row) => row.readings > 1).map(({ date, readings: count }) => ({ date, readings: count })),
  };
  return { kind: "answered", chosen, answer: answer.kind === "summary" ? { kind: "summary", summary: { ...answer.summary, readings } } : answer };
}
