// list_measurements: a range read completely, or an error; an empty list is a claim that the whole range is empty.
import "server-only";
import { spanInDays } from "@/lib/measurements/dates";
import { MAX_LIST_SPAN_DAYS } from "@/lib/measurements/fields";
import { listMeasurements } from "@/lib/measurements/read-measurements";
import { withDisplayValues } from "@/lib/measurements/units";
import { listMeasurementsInputSchema } from "@/lib/measurements/validation";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, successOutcome } from "@/lib/outcome/tool-outcome";
import { readToolError } from "./read-tool-error";
import { defineTool } from "./tool-definition";
import { withReadRetries } from "./with-read-retries";

export const listMeasurementsTool = defineTool({
  name: "list_measurements",
  description:
    "List the user's measurement records between two dates (inclusive, at most 366 days). An empty list means the whole range was read and holds no records. " +
    "Values are metric; for a user who prefers imperial units each record adds display_values in pounds and inches.",
  inputSchema: listMeasurementsInputSchema,
  writes: false,
  run: async (input, context) => {
    const { store, userId, traceId, locale, unitSystem, faults, signal, onAttempt } = context;
    const days = spanInDays(input.from, input.to);
    if (days > MAX_LIST_SPAN_DAYS) {
      return {
        outcome: errorOutcome({
          code: "range_too_large",
          message: toolErrorMessages[locale].rangeTooLarge({ from: input.from, to: input.to, days, maxDays: MAX_LIST_SPAN_DAYS }),
          traceId,
          details: { from: input.from, to: input.to, days, max_days: MAX_LIST_SPAN_DAYS },
        }),
      };
    }
    const result = await withReadRetries({
      read: () => listMeasurements({ store, userId, from: input.from, to: input.to, fields: input.fields, faults }),
      signal,
      onAttempt,
    });
    if (!result.ok) {
      return {
        outcome: errorOutcome({
          code: "unavailable",
          message: toolErrorMessages[locale].unavailableRead({ scope: `${input.from} – ${input.to}`, attempts: result.attempts }),
          traceId,
          details: { from: input.from, to: input.to, attempts: result.attempts },
        }),
      };
    }
    const list = result.value;
    return { outcome: successOutcome({ ...list, records: list.records.map((record) => withDisplayValues(record, unitSystem)) }) };
  },
  onError: (error, input, context) => readToolError({ error, context, scope: `${input.from} – ${input.to}`, scopeDetails: { from: input.from, to: input.to } }),
});
