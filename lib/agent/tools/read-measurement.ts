// read_measurement: one date's record, not_found scoped to that date, unavailable when storage cannot answer.
import "server-only";
import { addDays } from "@/lib/measurements/dates";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { withDisplayValues } from "@/lib/measurements/units";
import { readMeasurementInputSchema } from "@/lib/measurements/validation";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, successOutcome } from "@/lib/outcome/tool-outcome";
import { readToolError } from "./read-tool-error";
import { defineTool } from "./tool-definition";
import { withReadRetries } from "./with-read-retries";

export const readMeasurementTool = defineTool({
  name: "read_measurement",
  description:
    "Read the user's body measurements stored for one calendar date. Returns the values (metric), the note and when it was last updated, or not_found when that date holds no record (which says nothing about other dates). " +
    "For a user who prefers imperial units it adds display_values in pounds and inches: quote those instead of converting.",
  inputSchema: readMeasurementInputSchema,
  writes: false,
  run: async (input, context) => {
    const { store, userId, traceId, locale, today, unitSystem, faults, signal, onAttempt } = context;
    const result = await withReadRetries({ read: () => getMeasurementByDate({ store, userId, date: input.date, faults }), signal, onAttempt });
    if (!result.ok) {
      return {
        outcome: errorOutcome({
          code: "unavailable",
          message: toolErrorMessages[locale].unavailableRead({ scope: input.date, attempts: result.attempts }),
          traceId,
          details: { date: input.date, attempts: result.attempts },
        }),
      };
    }
    if (!result.value) {
      const to = addDays(input.date, 7);
      return {
        outcome: errorOutcome({
          code: "not_found",
          message: toolErrorMessages[locale].notFound({ date: input.date }),
          traceId,
          details: { date: input.date },
          suggestedAction: { tool: "list_measurements", arguments: { from: addDays(input.date, -7), to: to > today ? today : to } },
        }),
      };
    }
    return { outcome: successOutcome(withDisplayValues(result.value, unitSystem)) };
  },
  onError: (error, input, context) => readToolError({ error, context, scope: input.date, scopeDetails: { date: input.date } }),
});
