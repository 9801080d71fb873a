// Reads of a user's measurements: one date, or a range read completely.
import "server-only";
import { and, asc, between, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { preparedPerConnection } from "@/db/prepared-per-connection";
import { measurement } from "@/db/schema";
import { noStorageFaults, type StorageFaults } from "@/lib/faults/storage-faults";
import type { MeasurementField, MeasurementRecord } from "./fields";
import { toMeasurementRecord } from "./measurement-record";

type ReadOptions = { db: AppDatabase; userId: string; faults?: StorageFaults };

// Built and compiled once per connection: the read tool and every save look a record up by (user, date).
const findByDateStatementOf = preparedPerConnection((db: AppDatabase) =>
  db
    .select()
    .from(measurement)
    .where(and(eq(measurement.userId, sql.placeholder("userId")), eq(measurement.date, sql.placeholder("date"))))
    .prepare(),
);

/** The stored row of one user and date, inside or outside a transaction (no read faults: callers apply them). */
export function findMeasurementRow(options: { db: AppDatabase; userId: string; date: string }): typeof measurement.$inferSelect | undefined {
  return findByDateStatementOf(options.db).get({ userId: options.userId, date: options.date });
}

export async function getMeasurementByDate(options: ReadOptions & { date: string }): Promise<MeasurementRecord | null> {
  const { db, userId, date, faults = noStorageFaults } = options;
  await faults.beforeRead();
  const row = findMeasurementRow({ db, userId, date });
  return row ? toMeasurementRecord(row) : null;
}

export type MeasurementList = { from: string; to: string; complete: true; records: MeasurementRecord[] };

/** The whole range in one statement: either every record of it, or an exception (never a partial list). */
export async function listMeasurements(options: ReadOptions & { from: string; to: string; fields?: readonly MeasurementField[] }): Promise<MeasurementList> {
  const { db, userId, from, to, fields, faults = noStorageFaults } = options;
  await faults.beforeRead();
  const rows = db
    .select()
    .from(measurement)
    .where(and(eq(measurement.userId, userId), between(measurement.date, from, to)))
    .orderBy(asc(measurement.date))
    .all();
  return { from, to, complete: true, records: rows.map((row) => toMeasurementRecord(row, fields)) };
}

/** Every record of the user, oldest first (the measurements page and exports). */
export function listAllMeasurements(options: { db: AppDatabase; userId: string }): MeasurementRecord[] {
  return options.db
    .select()
    .from(measurement)
    .where(eq(measurement.userId, options.userId))
    .orderBy(asc(measurement.date))
    .all()
    .map((row) => toMeasurementRecord(row));
}

/** The same listing after the read faults of the user (QA): the page's read, which a fault must not turn into "none". */
export async function readAllMeasurements(options: ReadOptions): Promise<MeasurementRecord[]> {
  const { faults = noStorageFaults } = options;
  await faults.beforeRead();
  return listAllMeasurements(options);
}
