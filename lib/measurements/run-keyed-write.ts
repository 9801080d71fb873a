// The one flow of every keyed write (save_measurement, set_goal): look the key up (replay or refuse a reused key;
// without QA faults the transaction does it, on SQLite and PostgreSQL alike), plan the QA faults, then the store's ONE
// transaction that claims the key, decides against the stored row, applies the change and records the outcome. Never
// retried by itself; an error at or after COMMIT is outcome_unknown.
import "server-only";
import { noStorageFaults, noWriteFaultPlan, type StorageFaults, type WriteFaultPlan } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, outcomeFromStored, serializeOutcomeContent, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import type { IdempotentSaveResult, KeyedWriteRequest, WriteTransactionHooks } from "@/lib/store/measurement-store";
import type { IdempotencyRecord } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { TurnRows } from "@/lib/store/turn-store";

export type KeyedWriteResult =
  /** Committed now: the outcome (a success or a conflict) is recorded under the key. */
  | { status: "executed"; outcome: ToolOutcome; serialized: string }
  /** The key was already completed with the same payload: the recorded outcome, byte for byte. */
  | { status: "replayed"; outcome: ToolOutcome; serialized: string }
  | { status: "key_reused"; outcome: ToolOutcome; serialized: string }
  | { status: "write_failed"; outcome: ToolOutcome; serialized: string; phase: "before_begin" | "begin" | "body"; error: unknown }
  | { status: "outcome_unknown"; outcome: ToolOutcome; serialized: string; phase: "commit" | "after_commit"; error: unknown };

/** What every keyed write takes from its caller, whatever it writes. */
export type KeyedWriteCaller = {
  store: Store;
  userId: string;
  idempotencyKey: string;
  traceId: string;
  locale: Locale;
  faults?: StorageFaults;
  signal?: AbortSignal;
  hooks?: WriteTransactionHooks;
  /** The turn's rows to commit in the same transaction as the change (the harness's tool-call record), given the outcome. */
  alsoWrite?: (outcome: ToolOutcome, serialized: string) => TurnRows;
  /**
   * Look the key up before the transaction even without QA faults. For a caller that reads from a failure's phase
   * whether the key was free (resolving an uncertain write): a transaction that failed at BEGIN never reached its own
   * look-up, so only a look-up before it can tell a key stored by the uncertain write from one still free.
   */
  lookUpFirst?: boolean;
};

type Decided = { outcome: ToolOutcome; serialized: string };

/**
 * What one kind of keyed write (a save, a goal) adds to the flow, as functions of the caller's options: declared once
 * per kind at module level, so a write allocates no closures of its own for them.
 */
export type KeyedWriteKind<Options extends KeyedWriteCaller, Stored, Change> = {
  operation: string;
  /** The fingerprint of the validated arguments stored with the key. */
  fingerprintOf: (options: Options) => string;
  /** Runs inside the transaction with the stored row: synchronous and free of I/O. */
  decide: (options: Options, stored: Stored | undefined) => { change: Change; outcome: ToolOutcome };
  /** The store's one-transaction write of this kind (the row's own locator added to the request). */
  write: (options: Options, request: KeyedWriteRequest<Stored, Change, Decided>) => Promise<IdempotentSaveResult<Decided>>;
  /** The outcome when certainly nothing was written. */
  writeFailedOutcome: (options: Options) => ToolOutcome;
  /** The outcome when the write may or may not have committed. */
  outcomeUnknownOutcome: (options: Options) => ToolOutcome;
};

type AnyKind = KeyedWriteKind<KeyedWriteCaller, unknown, unknown>;

const withSerialized = <S extends string>(status: S, outcome: ToolOutcome) => ({ status, outcome, serialized: serializeOutcomeContent(outcome) });

function replayOrRefuse(record: IdempotencyRecord, options: KeyedWriteCaller, kind: AnyKind, fingerprint: string): KeyedWriteResult {
  if (record.operation === kind.operation && record.fingerprint === fingerprint) {
    return { status: "replayed", outcome: outcomeFromStored({ isError: record.isError, content: record.outcome }), serialized: record.outcome };
  }
  const outcome = errorOutcome({
    code: "idempotency_key_reused",
    message: toolErrorMessages[options.locale].idempotencyKeyReused(),
    traceId: options.traceId,
    details: { idempotency_key: options.idempotencyKey },
  });
  return withSerialized("key_reused", outcome);
}

function writeFailed(options: KeyedWriteCaller, kind: AnyKind, phase: "before_begin" | "begin" | "body", error: unknown): KeyedWriteResult {
  return { ...withSerialized("write_failed", kind.writeFailedOutcome(options)), phase, error };
}

export async function runKeyedWrite<Options extends KeyedWriteCaller, Stored, Change>(
  kind: KeyedWriteKind<Options, Stored, Change>,
  options: Options,
): Promise<KeyedWriteResult> {
  const { store, userId, idempotencyKey, faults = noStorageFaults, alsoWrite } = options;
  const anyKind = kind as unknown as AnyKind;
  const fingerprint = kind.fingerprintOf(options);

  // With QA faults on, a completed key looked up first is replayed (or a reused one refused) before any write attempt,
  // so it plans no fault: an armed fault acts on a write, never on a replay. Without them, every store's transaction
  // looks the key up anyway and answers a replay there ("raced", below): a look-up before it found nothing for every
  // new key and cost each one a round trip (PostgreSQL) or an implicit read transaction of its own (SQLite: a few
  // per cent of a save, BENCHMARKS.md; tests/db/sqlite-key-look-ups.test.ts).
  if (faults.enabled || options.lookUpFirst === true) {
    let earlier: IdempotencyRecord | undefined;
    try {
      earlier = await store.idempotency.find({ userId, key: idempotencyKey });
    } catch (error) {
      // A storage error in the look-up happens before BEGIN: certainly nothing was written.
      return writeFailed(options, anyKind, "before_begin", error);
    }
    if (earlier) return replayOrRefuse(earlier, options, anyKind, fingerprint);
  }

  // Without QA faults there is nothing to plan (no await: a promise's turn of the event loop per save) and nothing to
  // inject: the transaction gets no fault callbacks.
  let plan: WriteFaultPlan = noWriteFaultPlan;
  if (faults.enabled) {
    try {
      plan = await faults.beginWrite(options.signal);
    } catch (error) {
      return writeFailed(options, anyKind, "before_begin", error);
    }
  }

  // What `decide` chose, for `alsoWrite`, which the store calls after it in the same transaction.
  let decided: Decided | undefined;
  const result = await kind.write(options, {
    userId,
    key: idempotencyKey,
    operation: kind.operation,
    fingerprint,
    decide: (stored) => {
      const { change, outcome } = kind.decide(options, stored);
      const serialized = serializeOutcomeContent(outcome);
      decided = { outcome, serialized };
      return { change, outcome: { isError: outcome.isError, content: serialized }, value: decided };
    },
    alsoWrite: alsoWrite ? (recorded) => alsoWrite(decided?.outcome ?? outcomeFromStored(recorded), recorded.content) : undefined,
    insideTransaction: faults.enabled ? () => faults.insideTransaction(plan) : undefined,
    afterCommit: faults.enabled ? () => faults.afterCommit(plan) : undefined,
    hooks: options.hooks,
  });

  switch (result.status) {
    case "failed":
      return writeFailed(options, anyKind, result.phase, result.error);
    case "uncertain":
      return { ...withSerialized("outcome_unknown", kind.outcomeUnknownOutcome(options)), phase: result.phase, error: result.error };
    case "raced":
      return replayOrRefuse(result.record, options, anyKind, fingerprint);
    case "committed":
      return { status: "executed", outcome: result.value.outcome, serialized: result.value.serialized };
  }
}
