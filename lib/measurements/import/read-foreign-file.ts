// Reads another app's export as a stream of byte chunks through its format parser into one record per day, reporting
// progress (bytes read, readings found) as it goes. Every problem is kept up to a bound (a broken gigabyte export
// would otherwise hold millions); any problem means nothing is imported.
import { DayCollector, type DayRow, type PerDayRule } from "./collect-days";
import type { ImportProblem } from "./import-problem";
import type { FormatParser, ImportItem } from "./formats/reading";

export const MAX_REPORTED_PROBLEMS = 100;

/** A failure of the input itself (a disk read, a broken request body): not the file's content, so not a file problem. */
const isReadFailure = (error: Error) =>
  "code" in error && typeof (error as { code?: unknown }).code === "string" && /^E[A-Z]/.test(String((error as { code?: unknown }).code));

export type ImportProgress = { bytes: number; readings: number };
export type ForeignFileResult = { ok: true; rows: DayRow[]; readings: number; duplicates: number } | { ok: false; problems: ImportProblem[] };

export async function readForeignFile(options: {
  parser: FormatParser;
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  perDay: PerDayRule;
  today: string;
  onProgress?: (progress: ImportProgress) => void;
}): Promise<ForeignFileResult> {
  const { parser, perDay, today, onProgress } = options;
  const collector = new DayCollector();
  const problems: ImportProblem[] = [];
  let readings = 0;
  let bytes = 0;
  const take = (items: ImportItem[]) => {
    for (const item of items) {
      if ("reading" in item) {
        readings += 1;
        collector.add(item.reading);
      } else if (problems.length < MAX_REPORTED_PROBLEMS) problems.push(item.problem);
    }
  };
  // A parser that throws met bytes it cannot read at all (a damaged zip): the file's problem, never a server error.
  // end() still runs, so a parser holding a temporary file removes it.
  const unreadable = (): ForeignFileResult => {
    try {
      parser.end();
    } catch {
      // Already failing: the problem below is the answer.
    }
    return { ok: false, problems: [{ code: "file_unreadable", line: 0 }] };
  };
  try {
    for await (const chunk of options.chunks) {
      bytes += chunk.length;
      take(parser.push(chunk));
      onProgress?.({ bytes, readings });
    }
  } catch (error) {
    if (!(error instanceof Error) || isReadFailure(error)) throw error;
    return unreadable();
  }
  try {
    take(parser.end());
  } catch {
    return { ok: false, problems: [{ code: "file_unreadable", line: 0 }] };
  }
  onProgress?.({ bytes, readings });
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  const days = collector.finish({ perDay, today });
  if (days.problems.length > 0) return { ok: false, problems: days.problems.slice(0, MAX_REPORTED_PROBLEMS) };
  return { ok: true, rows: days.rows, readings, duplicates: days.duplicates };
}
