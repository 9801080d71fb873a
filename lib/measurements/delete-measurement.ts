// Deleting a user's record for a date; idempotent (deleting what is gone is not an error).
import "server-only";
import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { measurement } from "@/db/schema";

export function deleteMeasurement(options: { db: AppDatabase; userId: string; date: string }): { deleted: boolean } {
  const { db, userId, date } = options;
  const changes = db.delete(measurement).where(and(eq(measurement.userId, userId), eq(measurement.date, date))).run().changes;
  return { deleted: changes > 0 };
}
