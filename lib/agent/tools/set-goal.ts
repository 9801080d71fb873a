// set_goal: the idempotent goal write, with the key the harness created before the first attempt; never retried. An
// exception around it leaves the outcome unknown, never "failed" (and outcome_unknown stops the turn).
import "server-only";
import { setGoal } from "@/lib/measurements/set-goal";
import { setGoalInputSchema } from "@/lib/measurements/set-goal-input";
import { goalOutcomeUnknownOutcome } from "@/lib/outcome/write-outcomes";
import { runWithKey } from "./run-with-key";
import { defineTool } from "./tool-definition";

export const setGoalTool = defineTool({
  name: "set_goal",
  description:
    "Set the user's goal (target) for one measurement field, replacing the previous one; target null removes it. One goal per field. " +
    'A target in pounds or inches goes with "units"; the tool converts it. The result says the stored (metric) target and the previous one. ' +
    "get_trend then gives the date the trend reaches it.",
  inputSchema: setGoalInputSchema,
  writes: true,
  run: runWithKey("set_goal", setGoal),
  onError: (_error, input, context) =>
    goalOutcomeUnknownOutcome({ field: input.field, idempotencyKey: context.idempotencyKey ?? "", traceId: context.traceId, locale: context.locale }),
});
