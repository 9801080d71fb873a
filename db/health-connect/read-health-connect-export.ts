// Reads the records of a Health Connect export (another app's SQLite file, opened read-only): weight_record_table and
// body_fat_record_table with the app of each from application_info_table. Queries live in db/ like every other.
import Database from "better-sqlite3";

/** One record as the export stores it: `time` epoch ms UTC, `zone_offset` seconds, `value` grams or percent. */
export type HealthConnectRecordRow = {
  kind: "weight" | "body_fat";
  rowId: number;
  time: number;
  zoneOffset: number | null;
  value: number;
  appName: string | null;
};

const tables = [
  { kind: "weight", table: "weight_record_table", column: "weight" },
  { kind: "body_fat", table: "body_fat_record_table", column: "percentage" },
] as const;

/** The rows one at a time (iterate keeps memory flat), or null when the file is not an SQLite database of that shape. */
export function readHealthConnectExport(file: string): Iterable<HealthConnectRecordRow> | null {
  let database: Database.Database;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
    database.prepare("SELECT 1 FROM sqlite_master").get();
  } catch {
    return null;
  }
  const hasTable = (name: string) => database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  const present = tables.filter(({ table }) => hasTable(table));
  if (present.length === 0) {
    database.close();
    return null;
  }
  const withApps = hasTable("application_info_table");
  return (function* () {
    try {
      for (const { kind, table, column } of present) {
        const statement = database.prepare(
          `SELECT record.row_id AS rowId, record.time AS time, record.zone_offset AS zoneOffset, record.${column} AS value, ${
            withApps ? "application_info_table.app_name" : "NULL"
          } AS appName FROM ${table} AS record ${
            withApps ? "LEFT JOIN application_info_table ON application_info_table.row_id = record.app_info_id" : ""
          } ORDER BY record.time`,
        );
        for (const row of statement.iterate() as IterableIterator<Omit<HealthConnectRecordRow, "kind">>) yield { kind, ...row };
      }
    } finally {
      database.close();
    }
  })();
}
