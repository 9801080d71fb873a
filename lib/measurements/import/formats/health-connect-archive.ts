// Health Connect's zip (or its bare .db) on the server: the database entry is streamed to a temporary file, read
// record by record once the input ends (by db/health-connect's reader, passed in), and removed.
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readHealthConnectRows, type ReadHealthConnectExport } from "./health-connect";
import type { FormatParser, ImportItem } from "./reading";
import { choosingByFirstBytes, ZipEntryStream } from "./zip-entries";

const DATABASE_ENTRY = /\.db$/;
const notAnExport: ImportItem[] = [{ problem: { code: "archive_invalid", expected: "Health Connect's .db file", line: 0 } }];

export function createHealthConnectParser(readExport: ReadHealthConnectExport): FormatParser {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-health-connect-"));
  const file = path.join(folder, "export.db");
  const descriptor = fs.openSync(file, "w");
  let open = true;
  let zip: ZipEntryStream | null = null;
  const write = (chunk: Uint8Array) => {
    if (chunk.length > 0) fs.writeSync(descriptor, chunk);
  };
  const close = () => {
    if (open) fs.closeSync(descriptor);
    open = false;
  };
  const push = (chunk: Uint8Array): ImportItem[] => {
    if (zip) zip.push(chunk);
    else write(chunk);
    return [];
  };
  const end = (): ImportItem[] => {
    try {
      zip?.push(new Uint8Array(0), true);
      close();
      if ((zip && zip.entries === 0) || fs.statSync(file).size === 0) return notAnExport;
      const rows = readExport(file);
      return rows ? [...readHealthConnectRows(rows)] : notAnExport;
    } finally {
      close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  };
  return choosingByFirstBytes((zipped) => {
    if (zipped) zip = new ZipEntryStream({ matches: (name) => DATABASE_ENTRY.test(name), open: () => (data) => write(data) });
    return { push, end };
  });
}
