// Reads of a user's measurements: one date, or a range read completely, after the user's QA read faults.
import "server-only";
import { noStorageFaults, type StorageFaults } from "@/lib/faults/storage-faults";
import type { Store } from "@/lib/store/store";
import type { MeasurementField, MeasurementRecord } from "./fields";
import { toMeasurementRecord } from "./measurement-record";

type ReadOptions = { store: Store; userId: string; faults?: StorageFaults };

export async function getMeasurementByDate(options: ReadOptions & { date: string }): Promise<MeasurementRecord | null> {
  const { store, userId, date, faults = noStorageFaults } = options;
  await faults.beforeRead();
  const row = await store.measurements.findByDate({ userId, date });
  return row ? toMeasurementRecord(row) : null;
}

export type MeasurementList = { from: string; to: string; complete: true; records: MeasurementRecord[] };

/** The whole range in one statement: either every record of it, or an exception (never a partial list). */
export async function listMeasurements(options: ReadOptions & { from: string; to: string; fields?: readonly MeasurementField[] }): Promise<MeasurementList> {
  const { store, userId, from, to, fields, faults = noStorageFaults } = options;
  await faults.beforeRead();
  const rows = await store.measurements.listRange({ userId, from, to });
  return { from, to, complete: true, records: rows.map((row) => toMeasurementRecord(row, fields)) };
}

/** Every record of the user, oldest first (the measurements page and exports). */
export async function listAllMeasurements(options: { store: Store; userId: string }): Promise<MeasurementRecord[]> {
  const rows = await options.store.measurements.listAll({ userId: options.userId });
  return rows.map((row) => toMeasurementRecord(row));
}

/** The same listing after the read faults of the user (QA): the page's read, which a fault must not turn into "none". */
export async function readAllMeasurements(options: ReadOptions): Promise<MeasurementRecord[]> {
  const { faults = noStorageFaults } = options;
  await faults.beforeRead();
  return listAllMeasurements(options);
}
