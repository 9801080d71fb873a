// Health Connect's export: an SQLite database (inside "Health Connect.zip") whose weight_record_table holds `time`
// (epoch ms, UTC), `zone_offset` (seconds) and `weight` in grams, body_fat_record_table `percentage` (0-100), and
// application_info_table the app that wrote each record. The rows come from db/health-connect; this reads them.
import type { MeasurementField } from "../../fields";
import { localDateAt, type ImportItem } from "./reading";

/** As db/health-connect/read-health-connect-export.ts gives them (declared here: the domain does not import db/). */
export type HealthConnectRecordRow = {
  kind: "weight" | "body_fat";
  rowId: number;
  time: number;
  zoneOffset: number | null;
  value: number;
  appName: string | null;
};
export type ReadHealthConnectExport = (file: string) => Iterable<HealthConnectRecordRow> | null;

const kinds: Record<HealthConnectRecordRow["kind"], { field: MeasurementField; unit: string; factor: number }> = {
  weight: { field: "weight_kg", unit: "g", factor: 0.001 },
  body_fat: { field: "body_fat_pct", unit: "%", factor: 1 },
};

/** A reading per row, on the day of the row's own zone offset (a row without one is read in UTC: the export gives no other). */
export function* readHealthConnectRows(rows: Iterable<HealthConnectRecordRow>): Generator<ImportItem> {
  for (const row of rows) {
    const { field, unit, factor } = kinds[row.kind];
    yield {
      reading: {
        line: row.rowId,
        field,
        value: row.value * factor,
        localDate: localDateAt(row.time, (row.zoneOffset ?? 0) / 60),
        instant: row.time,
        provenance: { source: `health-connect${row.appName ? `:${row.appName}` : ""}`, value: row.value, unit, derived: false },
      },
    };
  }
}
