// The port's measurements and idempotency records: reads, deletes, and the idempotent save as ONE atomic write.
import type { IdempotencyRecord, MeasurementColumnValues, MeasurementRow, StoredProvenance } from "./records";
import type { TurnRows } from "./turn-store";

/** The change a save decided on, applied by the adapter inside the save's transaction. */
export type MeasurementChange =
  | { kind: "none" }
  | { kind: "insert"; values: MeasurementColumnValues; note: string | null; provenance?: StoredProvenance | null; at: Date }
  /**
   * Only the given columns (null empties one), the note when given, and the record's whole provenance when given (the
   * stored entries merged with the change's by lib/measurements/provenance.ts); the row is the one `decide` was shown.
   */
  | { kind: "update"; id: number; values: MeasurementColumnValues; note?: string | null; provenance?: StoredProvenance | null; at: Date };

/** An outcome as recorded under the key and given back on replay: the serialized content and its error flag. */
export type RecordedOutcome = { isError: boolean; content: string };

/** Failure points the reliability drills inject (BUSY, FULL, IOERR) to move a failure forward through a write. */
export type WriteTransactionHooks = {
  beforeBody?: () => void;
  /** Replaces COMMIT: a throw here is a failure "at COMMIT". */
  inPlaceOfCommit?: () => void;
  afterCommit?: () => void;
};

/** What every keyed write hands its store: the key, and what to decide and record in the write's ONE transaction. */
export type KeyedWriteRequest<Stored, Change, Value> = {
  userId: string;
  key: string;
  operation: string;
  fingerprint: string;
  /**
   * Runs inside the transaction, after the key was found free, with the stored row. Synchronous and free of I/O: it
   * decides the change and the outcome recorded under the key. `value` is handed back on commit.
   */
  decide: (stored: Stored | undefined) => { change: Change; outcome: RecordedOutcome; value: Value };
  /** Rows of the running turn (its tool call with this outcome) committed in the same transaction as the change. */
  alsoWrite?: (outcome: RecordedOutcome) => TurnRows;
  /** QA faults bound to this attempt: a throw inside the transaction rolls it back; after COMMIT, makes it uncertain. */
  insideTransaction?: () => void;
  afterCommit?: () => void;
  hooks?: WriteTransactionHooks;
};

/** A save of one date: `decide` sees the stored row of (user, date). */
export type IdempotentSaveRequest<Value> = KeyedWriteRequest<MeasurementRow, MeasurementChange, Value> & { date: string };

export type IdempotentSaveResult<Value> =
  | { status: "committed"; value: Value }
  /** The key was found completed inside the transaction (a replay, or another request won a race): nothing written. */
  | { status: "raced"; record: IdempotencyRecord }
  /** Certainly nothing was written. */
  | { status: "failed"; phase: "begin" | "body"; error: unknown }
  /** Maybe written: an error at or after COMMIT. */
  | { status: "uncertain"; phase: "commit" | "after_commit"; error: unknown };

/** An import: many dates decided together and written with the key in ONE transaction (all or nothing). */
export type IdempotentImportRequest<Value> = {
  userId: string;
  key: string;
  operation: string;
  fingerprint: string;
  dates: readonly string[];
  /** Runs inside the transaction, after the key was found free, with the stored rows of those dates (by date). */
  decide: (stored: ReadonlyMap<string, MeasurementRow>) => {
    changes: ReadonlyArray<{ date: string; change: MeasurementChange }>;
    outcome: RecordedOutcome;
    value: Value;
  };
};

export interface MeasurementStore {
  findByDate(options: { userId: string; date: string }): Promise<MeasurementRow | undefined>;
  /** The whole range [from, to], oldest first, in one statement: every row of it, or an exception. */
  listRange(options: { userId: string; from: string; to: string }): Promise<MeasurementRow[]>;
  /** Every row of the user, oldest first. */
  listAll(options: { userId: string }): Promise<MeasurementRow[]>;
  /** Idempotent: deleting what is gone is not an error. */
  deleteByDate(options: { userId: string; date: string }): Promise<{ deleted: boolean }>;
  /**
   * One transaction: look the key up again (a race), run `decide`, apply its change, record the outcome under the key,
   * write `alsoWrite`'s rows, commit. On SQLite one synchronous BEGIN IMMEDIATE with no await inside.
   */
  saveIdempotent<Value>(request: IdempotentSaveRequest<Value>): Promise<IdempotentSaveResult<Value>>;
  /** The same for many dates at once (POST /api/v1/measurements/import): one transaction, the key recorded with it. */
  importIdempotent<Value>(request: IdempotentImportRequest<Value>): Promise<IdempotentSaveResult<Value>>;
}

/** A request's hold on (user, key) while it runs; a duplicate arriving meanwhile is told when to retry. */
export type IdempotencyClaim = { status: "claimed"; release: () => Promise<void> } | { status: "in_flight"; retryAfterSeconds: number };

export interface IdempotencyStore {
  /** The completed record of (user, key); a claim still in flight is not one. */
  find(options: { userId: string; key: string }): Promise<IdempotencyRecord | undefined>;
  /** Deletes records created before `before`; returns how many. */
  purgeCreatedBefore(before: Date): Promise<number>;
  /**
   * Claims (user, key) for one request until release() (once the save has really settled) or until `holdMs` has
   * passed, so a duplicate arriving meanwhile is answered "in flight" whichever instance it reaches. SQLite: a
   * per-process registry (one process serves the file). PostgreSQL: a row committed before the change, completed by
   * saveIdempotent in the change's own transaction; a claim past its deadline without an outcome is taken over.
   */
  claim(options: { userId: string; key: string; holdMs: number }): Promise<IdempotencyClaim>;
}
