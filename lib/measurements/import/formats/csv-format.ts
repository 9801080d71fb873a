// The streaming frame of every CSV-based format: bytes decoded as they come, records cut by CsvReader with their
// lines, the header handed to the format once, then each record.
import { CsvReader, CsvSyntaxError, type CsvRecord } from "../parse-csv";
import type { ImportProblem } from "../import-problem";
import type { FormatParser, ImportItem } from "./reading";

export type CsvFormat = {
  /** The header's problems (the import stops) or a reader of the records that follow. */
  readHeader(header: string[]): ImportProblem[] | ((cells: string[], line: number) => ImportItem[]);
  /** Items only known once every record was read (a date order found from the whole file). */
  end?(): ImportItem[];
};

export function createCsvFormatParser(format: CsvFormat): FormatParser {
  const decoder = new TextDecoder("utf-8");
  const reader = new CsvReader();
  let readRecord: ((cells: string[], line: number) => ImportItem[]) | null = null;
  let stopped = false;
  let sawHeader = false;
  const take = (records: CsvRecord[]): ImportItem[] => {
    const items: ImportItem[] = [];
    for (const record of records) {
      if (stopped) break;
      if (!sawHeader) {
        sawHeader = true;
        const cells = record.cells.map((cell, index) => (index === 0 ? cell.replace(/^\uFEFF/, "") : cell).trim());
        const header = format.readHeader(cells);
        if (Array.isArray(header)) {
          stopped = true;
          items.push(...header.map((problem) => ({ problem })));
        } else readRecord = header;
        continue;
      }
      if (record.cells.length === 1 && record.cells[0]?.trim() === "") continue;
      items.push(...(readRecord?.(record.cells, record.line) ?? []));
    }
    return items;
  };
  const guarded = (read: () => CsvRecord[]): ImportItem[] => {
    try {
      return take(read());
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      stopped = true;
      return [{ problem: { code: error.code, line: error.line } }];
    }
  };
  return {
    push: (chunk) => (stopped ? [] : guarded(() => reader.push(decoder.decode(chunk, { stream: true })))),
    end() {
      if (stopped) return [];
      const items = guarded(() => [...reader.push(decoder.decode()), ...reader.end()]);
      if (!sawHeader) return [{ problem: { code: "file_empty", columns: [], line: 0 } }];
      return stopped ? items : [...items, ...(format.end?.() ?? [])];
    },
  };
}
