// Measurements on PostgreSQL, and the idempotent save: the key's record and the change commit together or not at all,
// in one READ COMMITTED transaction; saves of one (user, date) are serialized by a transaction-scoped advisory lock.
import "server-only";
import type pg from "pg";
import { and, asc, between, eq, inArray } from "drizzle-orm";
import type {
  IdempotentImportRequest,
  IdempotentSaveRequest,
  IdempotentSaveResult,
  MeasurementChange,
  MeasurementRow,
  MeasurementStore,
} from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { insertMeasurementWithRecord, measurementByDateStatement, type StatementWithRecord } from "./keyed-write-statements";
import { measurement } from "./schema";
import { createWriteWithKey, writeKeyedChange } from "./write-with-key";

/**
 * Applies one date's change. With `withRecord` (the save), an insert is not run here: its statement is handed back, to
 * go out with the key's record in one named prepared statement (one round trip for both on every new date). An
 * import's many dates, and updates, go through drizzle.
 */
async function applyChange(options: {
  db: PostgresDatabase;
  withRecord?: boolean;
  userId: string;
  date: string;
  change: MeasurementChange;
}): Promise<StatementWithRecord | undefined> {
  const { db, withRecord, userId, date, change } = options;
  if (change.kind === "insert") {
    const row = { userId, date, note: change.note, provenance: change.provenance ?? null, ...change.values, createdAt: change.at, updatedAt: change.at };
    if (withRecord) return insertMeasurementWithRecord(row);
    await db.insert(measurement).values(row);
  } else if (change.kind === "update") {
    const note = change.note !== undefined ? { note: change.note } : {};
    const provenance = change.provenance !== undefined ? { provenance: change.provenance } : {};
    await db
      .update(measurement)
      .set({ ...change.values, ...note, ...provenance, updatedAt: change.at })
      .where(eq(measurement.id, change.id));
  }
  return undefined;
}

export function createPostgresMeasurementStore(options: { db: PostgresDatabase; pool: pg.Pool; commitTimeoutMs: number }): MeasurementStore {
  const { db, pool, commitTimeoutMs } = options;
  const byDate = (userId: string, date: string) => and(eq(measurement.userId, userId), eq(measurement.date, date));

  const writeWithKey = createWriteWithKey({ pool, commitTimeoutMs });

  async function saveIdempotent<Value>(request: IdempotentSaveRequest<Value>): Promise<IdempotentSaveResult<Value>> {
    const { userId, date } = request;
    return await writeKeyedChange(writeWithKey, request, {
      lock: JSON.stringify([userId, date]),
      read: { table: measurement, statement: measurementByDateStatement, values: [userId, date] },
      apply: async ({ tx, change }) => await applyChange({ db: tx, withRecord: true, userId, date, change }),
    });
  }

  async function importIdempotent<Value>(request: IdempotentImportRequest<Value>): Promise<IdempotentSaveResult<Value>> {
    const { userId } = request;
    return await writeWithKey<Value>({
      userId,
      key: request.key,
      locks: request.dates.map((date) => JSON.stringify([userId, date])),
      operation: request.operation,
      fingerprint: request.fingerprint,
      body: async (tx) => {
        const rows =
          request.dates.length === 0
            ? []
            : await tx
                .select()
                .from(measurement)
                .where(and(eq(measurement.userId, userId), inArray(measurement.date, [...request.dates])));
        const decision = request.decide(new Map(rows.map((row) => [row.date, row])));
        for (const { date, change } of decision.changes) await applyChange({ db: tx, userId, date, change });
        return { outcome: decision.outcome, value: decision.value };
      },
    });
  }

  return {
    findByDate: async ({ userId, date }): Promise<MeasurementRow | undefined> => {
      const [row] = await db.select().from(measurement).where(byDate(userId, date));
      return row;
    },
    listRange: async ({ userId, from, to }) =>
      await db
        .select()
        .from(measurement)
        .where(and(eq(measurement.userId, userId), between(measurement.date, from, to)))
        .orderBy(asc(measurement.date)),
    listAll: async ({ userId }) => await db.select().from(measurement).where(eq(measurement.userId, userId)).orderBy(asc(measurement.date)),
    deleteByDate: async ({ userId, date }) => {
      const deleted = await db.delete(measurement).where(byDate(userId, date)).returning({ id: measurement.id });
      return { deleted: deleted.length > 0 };
    },
    saveIdempotent,
    importIdempotent,
  };
}
