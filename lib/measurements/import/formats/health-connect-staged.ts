// Health Connect's zip (or its bare .db) where there is no SQLite and no disk of the server's (the page's Web Worker):
// the database entry is inflated as it streams into a staging copy (the worker's private file system, or memory where
// there is none), read page by page once the input ends, and discarded.
import { readHealthConnectRows } from "./health-connect";
import { readHealthConnectFile } from "./health-connect-file";
import type { FormatParser, ImportItem } from "./reading";
import type { ByteSource } from "./sqlite-file";
import { choosingByFirstBytes, ZipEntryStream } from "./zip-entries";

/** Where the database's bytes wait to be read at random: written in order, then read by offset. */
export type StagingFile = { write(chunk: Uint8Array): void; source(): ByteSource; discard(): void };

const DATABASE_ENTRY = /\.db$/;
const notAnExport: ImportItem[] = [{ problem: { code: "archive_invalid", expected: "Health Connect's .db file", line: 0 } }];

/** Bytes kept in memory, in the chunks they came in (never copied into one buffer): for where no file system is. */
export function createMemoryStaging(): StagingFile {
  let chunks: Uint8Array[] = [];
  let starts: number[] = [];
  let size = 0;
  return {
    write(chunk) {
      if (chunk.length === 0) return;
      starts.push(size);
      chunks.push(chunk.slice());
      size += chunk.length;
    },
    source: () => ({
      size,
      read(offset, length) {
        const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        // The first chunk holding `offset`, by binary search over their starts.
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if ((starts[middle] ?? 0) <= offset) low = middle;
          else high = middle - 1;
        }
        for (let index = low, filled = 0; filled < out.length && index < chunks.length; index += 1) {
          const chunk = chunks[index] as Uint8Array;
          const from = offset + filled - (starts[index] ?? 0);
          const part = chunk.subarray(from, from + out.length - filled);
          out.set(part, filled);
          filled += part.length;
        }
        return out;
      },
    }),
    discard() {
      chunks = [];
      starts = [];
      size = 0;
    },
  };
}

export function createStagedHealthConnectParser(staging: StagingFile): FormatParser {
  let zip: ZipEntryStream | null = null;
  const push = (chunk: Uint8Array): ImportItem[] => {
    if (zip) zip.push(chunk);
    else staging.write(chunk);
    return [];
  };
  const end = (): ImportItem[] => {
    try {
      zip?.push(new Uint8Array(0), true);
      const source = staging.source();
      if ((zip && zip.entries === 0) || source.size === 0) return notAnExport;
      const rows = readHealthConnectFile(source);
      return rows ? [...readHealthConnectRows(rows)] : notAnExport;
    } finally {
      staging.discard();
    }
  };
  return choosingByFirstBytes((zipped) => {
    if (zipped) zip = new ZipEntryStream({ matches: (name) => DATABASE_ENTRY.test(name), open: () => (data) => staging.write(data) });
    return { push, end };
  });
}
