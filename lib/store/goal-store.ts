// The port's goals: one target per (user, field), read with the trend and set by the idempotent set_goal write, whose
// key record and change commit in ONE transaction exactly as a measurement save's do.
import type { IdempotentSaveResult, RecordedOutcome, WriteTransactionHooks } from "./measurement-store";
import type { TurnRows } from "./turn-store";

export type GoalRow = { userId: string; field: string; target: number; createdAt: Date; updatedAt: Date };

/** What a set_goal decided: nothing, a new or changed target, or removing the goal. */
export type GoalChange = { kind: "none" } | { kind: "set"; target: number; at: Date } | { kind: "remove" };

export type IdempotentGoalRequest<Value> = {
  userId: string;
  key: string;
  operation: string;
  fingerprint: string;
  field: string;
  /** Runs inside the transaction after the key was found free, with the stored goal: synchronous, free of I/O. */
  decide: (stored: GoalRow | undefined) => { change: GoalChange; outcome: RecordedOutcome; value: Value };
  alsoWrite?: (outcome: RecordedOutcome) => TurnRows;
  insideTransaction?: () => void;
  afterCommit?: () => void;
  hooks?: WriteTransactionHooks;
};

export interface GoalStore {
  /** The user's goals, by field. */
  list(options: { userId: string }): Promise<GoalRow[]>;
  find(options: { userId: string; field: string }): Promise<GoalRow | undefined>;
  /** One transaction: the key looked up again, `decide`, the change, the key's record, `alsoWrite`'s rows, COMMIT. */
  setIdempotent<Value>(request: IdempotentGoalRequest<Value>): Promise<IdempotentSaveResult<Value>>;
}
