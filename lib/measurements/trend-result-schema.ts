// get_trend's success content as a zod schema: MCP's outputSchema and the OpenAPI document are generated from it.
import { z } from "zod";
import { measurementFields } from "./fields";

export const trendResultSchema = z.looseObject({
  field: z.enum(measurementFields),
  unit: z.enum(["kg", "%", "cm"]).describe("The metric unit of every value and trend."),
  records: z.number().int().describe("How many records hold this field (0: none yet, which is an answer)."),
  first_date: z.iso.date().nullable(),
  last_date: z.iso.date().nullable(),
  trend: z.array(z.looseObject({ date: z.iso.date(), value: z.number(), trend: z.number() })).describe("The points within window_days of the newest record."),
  latest_trend: z.number().nullable(),
  rate_per_week: z.number().nullable().describe("Change of the trend per week over the window; null when enough_data is false."),
  enough_data: z.boolean().describe("At least 5 records of the last segment spanning at least 10 days within the window."),
  window_days: z.number().int(),
  rate_records: z.number().int(),
  rate_span_days: z.number().int(),
  segment_start: z.iso.date().nullable(),
  goal: z.looseObject({ target: z.number(), updated_at: z.string() }).nullable(),
  eta: z.iso.date().nullable(),
  eta_reason: z.enum(["moving_away", "no_rate", "reached"]).nullable(),
  rules: z
    .looseObject({ rate_min_records: z.number().int(), rate_min_span_days: z.number().int(), segment_gap_days: z.number().int() })
    .describe("The rules behind enough_data and segments, to state them without inventing numbers."),
  display_values: z
    .looseObject({ unit: z.enum(["lb", "in"]), latest_trend: z.number().nullable(), rate_per_week: z.number().nullable(), target: z.number().nullable() })
    .optional(),
});
