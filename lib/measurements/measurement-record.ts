// Maps stored measurement rows to the contract's record shape, and values to the store's columns.
import type { MeasurementColumnValues, MeasurementRow } from "@/lib/store/records";
import { provenancesOf } from "./provenance";
import { fieldColumns, measurementFields, type MeasurementField, type MeasurementRecord, type MeasurementValues } from "./fields";

export function valuesOf(row: MeasurementRow, fields: readonly MeasurementField[] = measurementFields): MeasurementValues {
  const values: MeasurementValues = {};
  for (const field of fields) {
    const value = row[fieldColumns[field]];
    if (value !== null && value !== undefined) values[field] = value;
  }
  return values;
}

export function toMeasurementRecord(row: MeasurementRow, fields?: readonly MeasurementField[]): MeasurementRecord {
  return {
    date: row.date,
    values: valuesOf(row, fields),
    note: row.note,
    updated_at: row.updatedAt.toISOString(),
    provenance: provenancesOf(row.provenance, fields),
  };
}

/** Column assignments for the given values (only the fields present). */
export function columnsOf(values: MeasurementValues): MeasurementColumnValues {
  const columns: MeasurementColumnValues = {};
  for (const field of measurementFields) {
    const value = values[field];
    if (value !== undefined) columns[fieldColumns[field]] = value;
  }
  return columns;
}

/** Column assignments that empty the given fields (null, which reads back as "no value"). */
export function clearedColumnsOf(fields: readonly MeasurementField[]): MeasurementColumnValues {
  const columns: MeasurementColumnValues = {};
  for (const field of fields) columns[fieldColumns[field]] = null;
  return columns;
}
