// save_measurement: the idempotent write, with the key the harness created before the first attempt; never retried.
// An exception around it leaves the outcome unknown, never "failed".
import "server-only";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { saveMeasurementToolInputSchema } from "@/lib/measurements/save-measurement-tool-input";
import { outcomeUnknownOutcome } from "@/lib/outcome/write-outcomes";
import { runWithKey } from "./run-with-key";
import { defineTool } from "./tool-definition";

export const saveMeasurementTool = defineTool({
  name: "save_measurement",
  description:
    'Save body measurement values for one calendar date. If the date already holds a different value for a field, the result is conflict and nothing is written unless "replace" is true. Values equal to the stored ones are not a conflict. ' +
    'Values in pounds or inches go with "units"; the tool converts them and the result\'s "converted" says from what.',
  inputSchema: saveMeasurementToolInputSchema,
  writes: true,
  // The chat's or MCP's save: each new value is stored as coming from that surface.
  run: (input, context) =>
    runWithKey("save_measurement", (options: Parameters<typeof saveMeasurement>[0]) => saveMeasurement({ ...options, source: context.surface ?? "chat" }))(
      input,
      context,
    ),
  onError: (_error, input, context) =>
    outcomeUnknownOutcome({ date: input.date, idempotencyKey: context.idempotencyKey ?? "", traceId: context.traceId, locale: context.locale }),
});
