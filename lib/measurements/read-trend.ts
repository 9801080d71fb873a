// Reads one field's whole history (after the person's QA read faults) and works out its trend, rate and goal ETA.
import "server-only";
import { noStorageFaults, type StorageFaults } from "@/lib/faults/storage-faults";
import { fieldColumns, type MeasurementField } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import type { Store } from "@/lib/store/store";
import { buildTrendResult, type TrendGoal, type TrendResult } from "./trend-result";

export async function readTrend(options: {
  store: Store;
  userId: string;
  field: MeasurementField;
  windowDays: number;
  unitSystem?: UnitSystem;
  faults?: StorageFaults;
}): Promise<TrendResult> {
  const { store, userId, field, windowDays, unitSystem, faults = noStorageFaults } = options;
  await faults.beforeRead();
  const rows = await store.measurements.listAll({ userId });
  const column = fieldColumns[field];
  const records = rows.flatMap((row) => {
    const value = row[column];
    return value === null || value === undefined ? [] : [{ date: row.date, value }];
  });
  const stored = await store.goals.find({ userId, field });
  const goal: TrendGoal | null = stored ? { target: stored.target, updated_at: stored.updatedAt.toISOString() } : null;
  return buildTrendResult({ field, records, windowDays, goal, unitSystem });
}
