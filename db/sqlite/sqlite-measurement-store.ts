// The port's measurements and idempotency records over SQLite: fixed-shape statements compiled once per connection,
// and the idempotent save as one synchronous BEGIN IMMEDIATE transaction with no await inside.
import "server-only";
import { and, asc, between, eq, lt, sql } from "drizzle-orm";
import type {
  IdempotencyStore,
  IdempotentImportRequest,
  IdempotentSaveRequest,
  IdempotentSaveResult,
  MeasurementChange,
  MeasurementStore,
} from "../../lib/store/measurement-store";
import { measurementColumns, type MeasurementColumnValues, type MeasurementRow, type StoredProvenance } from "../../lib/store/records";
import type { DatabaseHandle } from "./open-database";
import { positionalInsertOf } from "./positional-insert";
import { positionalGetOf } from "./positional-select";
import { preparedPerConnection } from "./prepared-per-connection";
import { getInFlightRequests } from "./in-flight-requests";
import { idempotencyRecord, measurement } from "./schema";
import type { CompiledStatement } from "./compiled-statement";
import { writeWithKeyOnThread } from "./keyed-write-on-thread";
import { findKeyOf, writeWithKey } from "./write-with-key";

// Built and compiled once per connection, bound by position: every save reads the record of (user, date) once.
const findByDateOf = preparedPerConnection(({ sqlite, db }: DatabaseHandle) =>
  positionalGetOf<MeasurementRow>({
    sqlite,
    query: db
      .select()
      .from(measurement)
      .where(and(eq(measurement.userId, sql.placeholder("userId")), eq(measurement.date, sql.placeholder("date")))),
    names: ["userId", "date"],
  }),
);

// The new-record insert, bound by position (positional-insert.ts) in the table's column order.
const insertColumns = ["userId", "date", ...measurementColumns, "note", "provenance", "createdAt", "updatedAt"] as const;
const insertMeasurementOf = preparedPerConnection(({ sqlite, db }: DatabaseHandle) =>
  positionalInsertOf({
    sqlite,
    query: db.insert(measurement).values({
      userId: sql.placeholder("userId"),
      date: sql.placeholder("date"),
      ...Object.fromEntries(measurementColumns.map((column) => [column, sql.placeholder(column)])),
      note: sql.placeholder("note"),
      // Wrapped in sql so the value is bound as given (JSON text or NULL), not through the column's JSON encoder,
      // which would store a missing provenance as the text "null".
      provenance: sql`${sql.placeholder("provenance")}`,
      createdAt: sql.placeholder("createdAt"),
      updatedAt: sql.placeholder("updatedAt"),
    }),
    names: insertColumns,
  }),
);

/** The new record's values in insertColumns' order: every column bound (absent ones NULL), so one statement serves. */
function insertValuesOf(userId: string, date: string, change: Extract<MeasurementChange, { kind: "insert" }>): unknown[] {
  const values: unknown[] = [userId, date];
  for (const column of measurementColumns) values.push(change.values[column] ?? null);
  values.push(change.note, change.provenance ? JSON.stringify(change.provenance) : null, change.at, change.at);
  return values;
}

function updateOf(handle: DatabaseHandle, change: Extract<MeasurementChange, { kind: "update" }>) {
  const set: MeasurementColumnValues & { note?: string | null; provenance?: StoredProvenance | null; updatedAt: Date } = {
    ...change.values,
    updatedAt: change.at,
  };
  if (change.note !== undefined) set.note = change.note;
  if (change.provenance !== undefined) set.provenance = change.provenance;
  return handle.db.update(measurement).set(set).where(eq(measurement.id, change.id));
}

/** Applies a save's change inside the open transaction. */
function applyChange(handle: DatabaseHandle, userId: string, date: string, change: MeasurementChange): void {
  if (change.kind === "insert") insertMeasurementOf(handle)(insertValuesOf(userId, date, change));
  else if (change.kind === "update") updateOf(handle, change).run();
}

/** The same change as statements for the turn writer's thread. */
function compileChange(handle: DatabaseHandle, userId: string, date: string, change: MeasurementChange): CompiledStatement[] {
  if (change.kind === "insert") return [insertMeasurementOf(handle).compile(insertValuesOf(userId, date, change))];
  if (change.kind === "update") {
    const { sql: text, params } = updateOf(handle, change).toSQL();
    return [[text, params]];
  }
  return [];
}

export function createSqliteMeasurementStore(handle: DatabaseHandle): MeasurementStore {
  const { db } = handle;
  return {
    findByDate: async ({ userId, date }) => findByDateOf(handle)([userId, date]),
    listRange: async ({ userId, from, to }) =>
      db
        .select()
        .from(measurement)
        .where(and(eq(measurement.userId, userId), between(measurement.date, from, to)))
        .orderBy(asc(measurement.date))
        .all(),
    listAll: async ({ userId }) => db.select().from(measurement).where(eq(measurement.userId, userId)).orderBy(asc(measurement.date)).all(),
    deleteByDate: async ({ userId, date }) => {
      const changes = db
        .delete(measurement)
        .where(and(eq(measurement.userId, userId), eq(measurement.date, date)))
        .run().changes;
      return { deleted: changes > 0 };
    },
    saveIdempotent: async <Value>(request: IdempotentSaveRequest<Value>): Promise<IdempotentSaveResult<Value>> => {
      const { userId, date } = request;
      // While the turn writer's thread runs, the save joins it there, decided on the row read here.
      const onThread = await writeWithKeyOnThread(handle, request, () => {
        const found = findByDateOf(handle).getWithRaw([userId, date]);
        const decision = request.decide(found?.row);
        return {
          ...decision,
          guards: [[findByDateOf(handle).sql, [userId, date], found?.raw ?? null]],
          statements: compileChange(handle, userId, date, decision.change),
        };
      });
      if (onThread !== undefined) return onThread;
      return writeWithKey(handle, request, () => {
        const decision = request.decide(findByDateOf(handle)([userId, date]));
        applyChange(handle, userId, date, decision.change);
        return decision;
      });
    },
    importIdempotent: async <Value>(request: IdempotentImportRequest<Value>): Promise<IdempotentSaveResult<Value>> => {
      const { userId } = request;
      return writeWithKey(handle, request, () => {
        const stored = new Map<string, MeasurementRow>();
        for (const date of request.dates) {
          const row = findByDateOf(handle)([userId, date]);
          if (row) stored.set(date, row);
        }
        const decision = request.decide(stored);
        for (const { date, change } of decision.changes) applyChange(handle, userId, date, change);
        return decision;
      });
    },
  };
}

export function createSqliteIdempotencyStore(handle: DatabaseHandle): IdempotencyStore {
  const { db } = handle;
  return {
    find: async ({ userId, key }) => findKeyOf(handle)([userId, key]),
    purgeCreatedBefore: async (before) => db.delete(idempotencyRecord).where(lt(idempotencyRecord.createdAt, before)).run().changes,
    claim: async ({ userId, key }) => {
      const release = getInFlightRequests().claim(userId, key);
      // A save settles within the tool timeout; a second is a polite first retry.
      if (!release) return { status: "in_flight", retryAfterSeconds: 1 };
      return { status: "claimed", release: async () => release() };
    },
  };
}
