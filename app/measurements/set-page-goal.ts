// The page's goal write: the same idempotent set_goal as the Coach's tool and PUT /api/v1/goals/{field}, under the
// user's QA storage faults and the tool deadline, with its result turned into the state the goal form shows.
import "server-only";
import { withinDeadline } from "@/lib/measurements/save-within-deadline";
import { setGoal, type SetGoalResult } from "@/lib/measurements/set-goal";
import type { SetGoalInput } from "@/lib/measurements/set-goal-input";
import type { RequestScope } from "@/lib/scope/request-scope";
import type { GoalFormState } from "./goal-form-state";

export type SetPageGoalOptions = {
  scope: Pick<RequestScope, "store" | "userId" | "locale" | "traceId" | "faults" | "toolTimeoutMs">;
  idempotencyKey: string;
  input: SetGoalInput;
};

function formStateOf(result: SetGoalResult, input: SetGoalInput): GoalFormState {
  const { outcome } = result;
  if ((result.status === "executed" || result.status === "replayed") && !outcome.isError) {
    const previous = typeof outcome.content.previous === "number" ? outcome.content.previous : null;
    return { status: "saved", field: input.field, target: input.target, previous };
  }
  const code = outcome.isError ? outcome.content.error : result.status;
  return { status: "failed", field: input.field, code, keepKey: result.status === "write_failed" || result.status === "outcome_unknown" };
}

export async function setPageGoal(options: SetPageGoalOptions): Promise<GoalFormState> {
  const { scope, idempotencyKey, input } = options;
  const { store, userId, locale, traceId, faults } = scope;
  const result = await withinDeadline({
    run: (signal) => setGoal({ store, userId, idempotencyKey, input, traceId, locale, faults, signal }),
    traceId,
    timeoutMs: scope.toolTimeoutMs,
    exceptionEvent: "page-goal-exception",
  });
  if (result === "deadline") return { status: "failed", field: input.field, code: "outcome_unknown", keepKey: true };
  return formStateOf(result, input);
}
