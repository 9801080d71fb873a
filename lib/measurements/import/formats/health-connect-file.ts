// Health Connect's records read from its SQLite file by the format reader in sqlite-file.ts, where there is no SQLite
// (the page's Web Worker): the same rows as db/health-connect's query gives the server, from the same tables.
import type { HealthConnectRecordRow } from "./health-connect";
import { SqliteFile, SqliteFormatError, type ByteSource, type SqliteValue } from "./sqlite-file";

const tables = [
  { kind: "weight", table: "weight_record_table", column: "weight" },
  { kind: "body_fat", table: "body_fat_record_table", column: "percentage" },
] as const;

const numberOrNull = (value: SqliteValue | undefined) => (typeof value === "number" ? value : null);

/** The rows one at a time, or null when the bytes are not an SQLite file with either table. */
export function readHealthConnectFile(source: ByteSource): Iterable<HealthConnectRecordRow> | null {
  let file: SqliteFile;
  let names: Set<string>;
  try {
    file = new SqliteFile(source);
    names = new Set(file.tables().keys());
  } catch (error) {
    if (error instanceof SqliteFormatError) return null;
    throw error;
  }
  const present = tables.filter(({ table }) => names.has(table));
  if (present.length === 0) return null;
  const apps = new Map<number, string>();
  for (const { values } of file.rows("application_info_table") ?? []) {
    const id = numberOrNull(values.row_id);
    if (id !== null && typeof values.app_name === "string") apps.set(id, values.app_name);
  }
  return (function* () {
    for (const { kind, table, column } of present) {
      for (const { rowId, values } of file.rows(table) ?? []) {
        const time = numberOrNull(values.time);
        const value = numberOrNull(values[column]);
        // The server's query gives NULL through as it is; a record without a time or a value holds no reading.
        if (time === null || value === null) continue;
        const app = numberOrNull(values.app_info_id);
        yield {
          kind,
          rowId: numberOrNull(values.row_id) ?? rowId,
          time,
          zoneOffset: numberOrNull(values.zone_offset),
          value,
          appName: app === null ? null : (apps.get(app) ?? null),
        };
      }
    }
  })();
}
