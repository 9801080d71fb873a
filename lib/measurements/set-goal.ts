// The idempotent goal write: claim the key, decide against the stored goal, apply the change and record the outcome in
// ONE transaction, through the same keyed-write flow as a measurement save (run-keyed-write.ts). Never retried by itself.
import "server-only";
import { successOutcome, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { goalOutcomeUnknownOutcome, goalWriteFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { GoalChange, GoalRow } from "@/lib/store/goal-store";
import { fingerprintOf } from "./fingerprint";
import { runKeyedWrite, type KeyedWriteCaller, type KeyedWriteResult } from "./run-keyed-write";
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

export async function setGoal(options: SetGoalOptions): Promise<SetGoalResult> {
  const { store, input, traceId, locale } = options;
  return runKeyedWrite({
    ...options,
    operation: SET_GOAL_OPERATION,
    fingerprint: fingerprintOf(SET_GOAL_OPERATION, goalPayloadOf(input)),
    decide: (stored: GoalRow | undefined) => decideGoal(options, stored),
    write: (request) => store.goals.setIdempotent({ ...request, field: input.field }),
    writeFailedOutcome: () => goalWriteFailedOutcome({ field: input.field, traceId, locale }),
    outcomeUnknownOutcome: () => goalOutcomeUnknownOutcome({ field: input.field, idempotencyKey: options.idempotencyKey, traceId, locale }),
  });
}
