// The idempotent goal write: claim the key, decide against the stored goal, apply the change and record the outcome in
// ONE transaction, through the same keyed-write flow as a measurement save (run-keyed-write.ts). Never retried by itself.
import "server-only";
import { successOutcome, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { goalOutcomeUnknownOutcome, goalWriteFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { GoalChange, GoalRow } from "@/lib/store/goal-store";
import { fingerprintOf } from "./fingerprint";
import { runKeyedWrite, type KeyedWriteCaller, type KeyedWriteKind, type KeyedWriteResult } from "./run-keyed-write";
import { goalPayloadOf, type SetGoalInput } from "./set-goal-input";

export const SET_GOAL_OPERATION = "set_goal";

/** The same statuses as a save's: executed, replayed, key_reused, write_failed, outcome_unknown. */
export type SetGoalResult = KeyedWriteResult;

export type SetGoalOptions = KeyedWriteCaller & { input: SetGoalInput };

/** Synchronous and free of I/O: runs inside the store's transaction. */
function decideGoal(options: SetGoalOptions, stored: GoalRow | undefined): { change: GoalChange; outcome: ToolOutcome } {
  const { input, idempotencyKey } = options;
  const previous = stored?.target ?? null;
  const change: GoalChange =
    input.target === null
      ? stored
        ? { kind: "remove" }
        : { kind: "none" }
      : previous === input.target
        ? { kind: "none" }
        : { kind: "set", target: input.target, at: new Date() };
  const converted = input.converted ? { converted: input.converted } : {};
  return { change, outcome: successOutcome({ field: input.field, target: input.target, previous, idempotency_key: idempotencyKey, ...converted }) };
}

const setGoalKind: KeyedWriteKind<SetGoalOptions, GoalRow, GoalChange> = {
  operation: SET_GOAL_OPERATION,
  fingerprintOf: ({ input }) => fingerprintOf(SET_GOAL_OPERATION, goalPayloadOf(input)),
  decide: decideGoal,
  write: ({ store, input }, request) => store.goals.setIdempotent({ ...request, field: input.field }),
  writeFailedOutcome: ({ input, traceId, locale }) => goalWriteFailedOutcome({ field: input.field, traceId, locale }),
  outcomeUnknownOutcome: ({ input, idempotencyKey, traceId, locale }) => goalOutcomeUnknownOutcome({ field: input.field, idempotencyKey, traceId, locale }),
};

export function setGoal(options: SetGoalOptions): Promise<SetGoalResult> {
  return runKeyedWrite(setGoalKind, options);
}
