// get_trend's arguments (the tool, MCP and GET /api/v1/trend share them): one measurement field and the rate window.
import { z } from "zod";
import { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS, MIN_WINDOW_DAYS } from "./compute-trend";
import { measurementFields } from "./fields";

export const getTrendInputSchema = z.strictObject({
  field: z.enum(measurementFields).describe("The measurement field: weight_kg, body_fat_pct, waist_cm, ..."),
  days: z
    .number()
    .int()
    .min(MIN_WINDOW_DAYS)
    .max(MAX_WINDOW_DAYS)
    .optional()
    .describe(`The rate window in days, ${MIN_WINDOW_DAYS} to ${MAX_WINDOW_DAYS}; ${DEFAULT_WINDOW_DAYS} when omitted.`),
});
export type GetTrendInput = z.infer<typeof getTrendInputSchema>;
