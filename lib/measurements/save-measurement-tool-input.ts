// The Coach's save_measurement arguments: the HTTP save's, plus optional `units` in which the values were sent.
// Values in pounds or inches are converted to the stored metric values BEFORE the range checks, so a range error
// speaks of the converted value and names its limits in the caller's unit (validation.ts).
import { z } from "zod";
import { fieldRanges, measurementFields, type MeasurementField } from "./fields";
import { saveUnitsSchema } from "./save-units-schema";
import { convertValuesToMetric, type ConvertedValues } from "./units";
import { calendarDateSchema, measurementValuesSchema, noteSchema, type SaveMeasurementInput } from "./validation";

const atLeastOneValue = (values: Record<string, unknown>) => Object.values(values).some((value) => value !== undefined);

/** Numbers in the unit they were sent in; their ranges are checked after conversion, so the schema declares none. */
const sentValuesSchema = z
  .strictObject(Object.fromEntries(measurementFields.map((field) => [field, z.number().optional()])) as Record<MeasurementField, z.ZodOptional<z.ZodNumber>>)
  .refine(atLeastOneValue, "at least one value");

const rangesText = measurementFields.map((field) => `${field} ${fieldRanges[field].min}-${fieldRanges[field].max}`).join(", ");

/** The save's arguments as sent (MCP extends them with idempotency_key). */
export const sentSaveSchema = z.strictObject({
  date: calendarDateSchema.describe("The calendar date of the measurement, YYYY-MM-DD, not in the future."),
  values: sentValuesSchema.describe(
    `At least one value, under these metric names whatever unit it is in. Stored ranges (metric): ${rangesText}. ` +
      "Metric values have one decimal at most. A value in pounds or inches is sent as the user gave it, with units.",
  ),
  note: noteSchema.optional().describe("Optional free text from the user."),
  replace: z.boolean().optional().describe("true to overwrite different values already stored for the date."),
  units: saveUnitsSchema
    .optional()
    .describe(
      'The units the values are in, when not kilograms and centimetres: {"mass": "lb"} for weight_kg in pounds, {"length": "in"} for the *_cm fields in inches (feet and inches as total inches). ' +
        "The tool converts exactly and rounds to one decimal; never convert yourself.",
    ),
});

/** What the tool receives after validation: metric values, plus the units as sent and what was converted. */
export const convertedSaveSchema = z.object({
  date: z.string(),
  values: measurementValuesSchema,
  note: z.string().optional(),
  replace: z.boolean().optional(),
  units: saveUnitsSchema.optional(),
  converted: z.custom<ConvertedValues>().optional(),
});

/** Converts the values of a save as sent into metric, keeping the units and saying what was converted. */
export function convertSentSave<Sent extends z.output<typeof sentSaveSchema>>(sent: Sent) {
  const { values, converted } = convertValuesToMetric(sent.values, sent.units);
  return { ...sent, values, ...(converted ? { converted } : {}) };
}

export const saveMeasurementToolInputSchema = sentSaveSchema.transform(convertSentSave).pipe(convertedSaveSchema);

export type SaveMeasurementToolInput = SaveMeasurementInput & z.output<typeof convertedSaveSchema>;
