// CSV rendering of measurement records: one column per field, RFC 4180 quoting, spreadsheet formulas neutralized.
import { measurementFields, type MeasurementRecord } from "@/lib/measurements/fields";

const csvColumns = ["date", ...measurementFields, "note", "updated_at"] as const;

/** Quotes a cell when needed; text that a spreadsheet would run as a formula gets a leading apostrophe. */
export function escapeCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function measurementsToCsv(records: readonly MeasurementRecord[]): string {
  const lines = [csvColumns.join(",")];
  for (const record of records) {
    const cells = [
      record.date,
      ...measurementFields.map((field) => (record.values[field] === undefined ? "" : String(record.values[field]))),
      escapeCsvCell(record.note ?? ""),
      record.updated_at,
    ];
    lines.push(cells.join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
