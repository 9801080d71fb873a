// save_measurement: the idempotent write, with the key the harness created before the first attempt; never retried.
// An exception around it leaves the outcome unknown, never "failed".
import "server-only";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { saveMeasurementToolInputSchema } from "@/lib/measurements/save-measurement-tool-input";
import { outcomeUnknownOutcome } from "@/lib/outcome/write-outcomes";
import { defineTool } from "./tool-definition";

/** Thrown when a write tool runs without the key the harness must create first (a harness bug, never a user error). */
export class MissingIdempotencyKeyError extends Error {}

export const saveMeasurementTool = defineTool({
  name: "save_measurement",
  description:
    'Save body measurement values for one calendar date. If the date already holds a different value for a field, the result is conflict and nothing is written unless "replace" is true. Values equal to the stored ones are not a conflict. ' +
    'Values in pounds or inches go with "units"; the tool converts them and the result\'s "converted" says from what.',
  inputSchema: saveMeasurementToolInputSchema,
  writes: true,
  run: async (input, context) => {
    if (!context.idempotencyKey) throw new MissingIdempotencyKeyError("save_measurement needs an idempotency key");
    context.onAttempt();
    const result = await saveMeasurement({
      store: context.store,
      userId: context.userId,
      idempotencyKey: context.idempotencyKey,
      input,
      traceId: context.traceId,
      locale: context.locale,
      faults: context.faults,
      signal: context.signal,
      alsoWrite: context.alsoWrite,
    });
    return { outcome: result.outcome, serialized: result.serialized };
  },
  onError: (_error, input, context) =>
    outcomeUnknownOutcome({ date: input.date, idempotencyKey: context.idempotencyKey ?? "", traceId: context.traceId, locale: context.locale }),
});
