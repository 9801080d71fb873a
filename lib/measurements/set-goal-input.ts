// set_goal's arguments (the tool, MCP and PUT /api/v1/goals/{field} share them): a field, its target (null removes
// the goal) and the units the target was sent in. A target in pounds or inches is converted exactly before its range
// is checked, as a save's values are, so a range error names the limits in the caller's unit.
import { z } from "zod";
import { fieldRanges, measurementFields } from "./fields";
import { saveUnitsSchema } from "./save-units-schema";
import { toMetricValue, unitOfField, type SaveUnits } from "./units";

const oneDecimal = (value: number) => Math.abs(Math.round(value * 10) / 10 - value) < 1e-9;

export const sentGoalSchema = z.strictObject({
  field: z.enum(measurementFields).describe("The measurement field the goal is for: weight_kg, body_fat_pct, waist_cm, ..."),
  target: z
    .number()
    .nullable()
    .describe("The target in the field's range (weight_kg 20-400 kg, ...); null removes the goal. In pounds or inches when units says so."),
  units: saveUnitsSchema
    .optional()
    .describe('The unit the target is in, when not kilograms or centimetres: {"mass": "lb"} or {"length": "in"}. The tool converts it.'),
});

export type GoalConversion = { from: number; unit: "lb" | "in" };

function convertSentGoal<Sent extends z.output<typeof sentGoalSchema>>(sent: Sent) {
  if (sent.target === null) return { ...sent };
  const unit = unitOfField(sent.field, sent.units);
  const target = toMetricValue({ field: sent.field, value: sent.target, units: sent.units });
  return unit === "lb" || unit === "in" ? { ...sent, target, converted: { from: sent.target, unit } as GoalConversion } : { ...sent, target };
}

const convertedGoalShape = {
  field: z.enum(measurementFields),
  target: z.number().nullable(),
  units: saveUnitsSchema.optional(),
  converted: z.custom<GoalConversion>().optional(),
};

/** The metric target must be in the field's range with one decimal at most (checked after conversion). */
function checkTarget(goal: { field: (typeof measurementFields)[number]; target: number | null }, context: z.RefinementCtx): void {
  if (goal.target === null) return;
  const { min, max } = fieldRanges[goal.field];
  if (goal.target < min || goal.target > max || !oneDecimal(goal.target)) context.addIssue({ code: "custom", path: ["target"], message: "out of range" });
}

export const setGoalInputSchema = sentGoalSchema.transform(convertSentGoal).pipe(z.object(convertedGoalShape).superRefine(checkTarget));

/** The same with MCP's optional idempotency_key (`keySchema` judges it; the tool never sees it). */
export function setGoalInputSchemaWithKey(keySchema: z.ZodOptional<z.ZodType<string>>) {
  return sentGoalSchema
    .extend({ idempotency_key: keySchema })
    .transform((sent) => convertSentGoal(sent))
    .pipe(z.object({ ...convertedGoalShape, idempotency_key: z.string().optional() }).superRefine(checkTarget));
}

export type SetGoalInput = z.output<typeof setGoalInputSchema>;

/** The goal as sent (the target in the unit it came in), which is what an idempotency key's fingerprint covers. */
export function goalPayloadOf(input: SetGoalInput): { field: string; target: number | null; units?: SaveUnits } {
  return { field: input.field, target: input.converted ? input.converted.from : input.target, units: input.units };
}
