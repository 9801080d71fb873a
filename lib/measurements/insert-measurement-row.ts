// The new-record insert of a save, as one statement compiled once per connection (every column bound, absent ones NULL).
import "server-only";
import { sql } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { preparedPerConnection } from "@/db/prepared-per-connection";
import { measurement } from "@/db/schema";
import { fieldColumns, measurementFields, type MeasurementValues } from "./fields";

const insertStatementOf = preparedPerConnection((db: AppDatabase) =>
  db
    .insert(measurement)
    .values({
      userId: sql.placeholder("userId"),
      date: sql.placeholder("date"),
      note: sql.placeholder("note"),
      ...Object.fromEntries(measurementFields.map((field) => [fieldColumns[field], sql.placeholder(fieldColumns[field])])),
      createdAt: sql.placeholder("createdAt"),
      updatedAt: sql.placeholder("updatedAt"),
    })
    .prepare(),
);

/** Inserts a record for a (user, date) that holds none; fields absent from `values` are stored as NULL (no value). */
export function insertMeasurementRow(options: { db: AppDatabase; userId: string; date: string; note: string | null; values: MeasurementValues; at: Date }): void {
  const { db, userId, date, note, values, at } = options;
  const columns = Object.fromEntries(measurementFields.map((field) => [fieldColumns[field], values[field] ?? null]));
  insertStatementOf(db).run({ userId, date, note, ...columns, createdAt: at, updatedAt: at });
}
