// Feeds a file to a format parser in chunks of a given size (as a stream would), through readForeignFile.
import type { PerDayRule } from "@/lib/measurements/import/collect-days";
import type { FormatParser } from "@/lib/measurements/import/formats/reading";
import { readForeignFile } from "@/lib/measurements/import/read-foreign-file";

export function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

export const toBytes = (text: string) => new TextEncoder().encode(text);

export function readWith(parser: FormatParser, file: Uint8Array | string, options: { perDay?: PerDayRule; chunkSize?: number; today?: string } = {}) {
  const bytes = typeof file === "string" ? toBytes(file) : file;
  return readForeignFile({
    parser,
    chunks: chunksOf(bytes, options.chunkSize ?? 64 * 1024),
    perDay: options.perDay ?? "first",
    today: options.today ?? "2026-01-01",
  });
}
