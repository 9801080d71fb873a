// CSV rendering of measurement records: one column per field, RFC 4180 quoting, spreadsheet formulas neutralized.
// For a person who reads imperial units, display columns (weight_lb, waist_in, ...) follow the stored metric ones.
import { measurementFields, type MeasurementField, type MeasurementRecord } from "@/lib/measurements/fields";
import { displayFieldName, fromMetric, unitsOf, type Units } from "@/lib/measurements/display-units";
import type { UnitSystem } from "@/lib/measurements/unit-system";

const csvColumns = ["date", ...measurementFields, "note", "updated_at"] as const;

/**
 * Quotes a cell when needed; text that a spreadsheet would run as a formula gets a leading apostrophe, leading spaces
 * or not (" =1": some spreadsheets skip them). So does such text that already starts with apostrophes ("'=1"), so
 * import can remove exactly one and get the note back.
 */
export function escapeCsvCell(value: string): string {
  const safe = /^'*\s*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The fields whose display unit differs from the stored one (none for metric). */
export function convertedFields(units: Units): MeasurementField[] {
  return measurementFields.filter((field) => displayFieldName(field, units) !== field);
}

/** A record's values in display units, keyed "weight_lb", "waist_in" (the contract's display_values). */
export function displayValuesOf(record: MeasurementRecord, units: Units): Record<string, number> {
  const entries = convertedFields(units)
    .filter((field) => record.values[field] !== undefined)
    .map((field) => [displayFieldName(field, units), fromMetric({ field, value: record.values[field] as number, units })]);
  return Object.fromEntries(entries);
}

export function measurementsToCsv(records: readonly MeasurementRecord[], options: { unitSystem?: UnitSystem } = {}): string {
  const units = unitsOf(options.unitSystem ?? "metric");
  const displayed = convertedFields(units);
  const lines = [[...csvColumns, ...displayed.map((field) => displayFieldName(field, units))].join(",")];
  for (const record of records) {
    const cells = [
      record.date,
      ...measurementFields.map((field) => (record.values[field] === undefined ? "" : String(record.values[field]))),
      escapeCsvCell(record.note ?? ""),
      record.updated_at,
      ...displayed.map((field) => (record.values[field] === undefined ? "" : String(fromMetric({ field, value: record.values[field] as number, units })))),
    ];
    lines.push(cells.join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
