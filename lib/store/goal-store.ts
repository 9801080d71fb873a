// The port's goals: one target per (user, field), read with the trend and set by the idempotent set_goal write, whose
// key record and change commit in ONE transaction exactly as a measurement save's do.
import type { IdempotentSaveResult, KeyedWriteRequest } from "./measurement-store";

export type GoalRow = { userId: string; field: string; target: number; createdAt: Date; updatedAt: Date };

/** What a set_goal decided: nothing, a new or changed target, or removing the goal. */
export type GoalChange = { kind: "none" } | { kind: "set"; target: number; at: Date } | { kind: "remove" };

/** A goal write of one field: `decide` sees the stored goal of (user, field). */
export type IdempotentGoalRequest<Value> = KeyedWriteRequest<GoalRow, GoalChange, Value> & { field: string };

export interface GoalStore {
  /** The user's goals, by field. */
  list(options: { userId: string }): Promise<GoalRow[]>;
  find(options: { userId: string; field: string }): Promise<GoalRow | undefined>;
  /** One transaction: the key looked up again, `decide`, the change, the key's record, `alsoWrite`'s rows, COMMIT. */
  setIdempotent<Value>(request: IdempotentGoalRequest<Value>): Promise<IdempotentSaveResult<Value>>;
}
