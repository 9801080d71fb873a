// get_trend: the smoothed trend, weekly rate, goal and ETA of one field, computed here so that no model works them out.
// No records is an answer (records: 0, enough_data: false), never not_found; storage failures are unavailable.
import "server-only";
import { DEFAULT_WINDOW_DAYS } from "@/lib/measurements/compute-trend";
import { getTrendInputSchema } from "@/lib/measurements/get-trend-input";
import { readTrend } from "@/lib/measurements/read-trend";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, successOutcome } from "@/lib/outcome/tool-outcome";
import { readToolError } from "./read-tool-error";
import { defineTool } from "./tool-definition";
import { withReadRetries } from "./with-read-retries";

export const getTrendTool = defineTool({
  name: "get_trend",
  description:
    "Work out the trend of one measurement field over all its records: each record's smoothed trend value (restarting after a gap of more than 14 days), " +
    "the latest trend, the weekly rate over the last `days` days (null with enough_data false when fewer than 5 records over 10 days), the goal and the date the trend reaches it (eta, or eta_reason). " +
    "Use it for any question about progress, trend, rate or goal, and quote its numbers rounded to one decimal; never compute them yourself. " +
    "For a user who prefers imperial units, display_values holds the numbers in pounds or inches.",
  inputSchema: getTrendInputSchema,
  writes: false,
  run: async (input, context) => {
    const { store, userId, traceId, locale, unitSystem, faults, signal, onAttempt } = context;
    const windowDays = input.days ?? DEFAULT_WINDOW_DAYS;
    const result = await withReadRetries({
      read: () => readTrend({ store, userId, field: input.field, windowDays, unitSystem, faults }),
      signal,
      onAttempt,
    });
    if (!result.ok) {
      return {
        outcome: errorOutcome({
          code: "unavailable",
          message: toolErrorMessages[locale].unavailableRead({ scope: input.field, attempts: result.attempts }),
          traceId,
          details: { field: input.field, attempts: result.attempts },
        }),
      };
    }
    return { outcome: successOutcome(result.value) };
  },
  onError: (error, input, context) => readToolError({ error, context, scope: input.field, scopeDetails: { field: input.field } }),
});
