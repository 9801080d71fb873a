// Each tool's outputSchema over MCP: its success content OR the contract's error content. MCP clients validate the
// structuredContent of error results against it too, so a schema that covered only successes would reject every
// honest error. Written in zod and turned into JSON Schema, never by hand.
import { z } from "zod";
import { toolErrorSchema } from "@/lib/outcome/tool-outcome";
import { measurementFields } from "@/lib/measurements/fields";
import { trendResultSchema } from "@/lib/measurements/trend-result-schema";
import { recordProvenanceSchema } from "@/lib/measurements/provenance-schema";

const valuesSchema = z.partialRecord(z.enum(measurementFields), z.number()).describe("Metric values by field.");
const displayValuesSchema = z
  .record(z.string(), z.number())
  .describe("For a person who prefers imperial units: the values in pounds and inches (weight_lb, waist_in, ...), to quote as they are.");

const recordSchema = z.looseObject({
  date: z.iso.date(),
  values: valuesSchema,
  note: z.string().nullable(),
  updated_at: z.iso.datetime(),
  provenance: recordProvenanceSchema,
  display_values: displayValuesSchema.optional(),
});

const successSchemas = {
  read_measurement: recordSchema,
  list_measurements: z.looseObject({
    from: z.iso.date(),
    to: z.iso.date(),
    complete: z.literal(true).describe("The whole range was read: an empty records list means the range holds no records."),
    records: z.array(recordSchema),
  }),
  save_measurement: z.looseObject({
    date: z.iso.date(),
    values: valuesSchema.describe("Every value stored for the date after the save (metric)."),
    created: z.boolean(),
    previous: valuesSchema.optional().describe("What the date held before this save; absent when the save created the record."),
    idempotency_key: z.string().describe("The key the save ran under: send it again to retry this same save."),
    converted: z.record(z.string(), z.looseObject({ from: z.number(), unit: z.string() })).optional(),
  }),
  get_trend: trendResultSchema,
  set_goal: z.looseObject({
    field: z.enum(measurementFields),
    target: z.number().nullable().describe("The stored target in the field's metric unit; null: the goal was removed."),
    previous: z.number().nullable().describe("The target before (metric), or null when there was none."),
    idempotency_key: z.string().describe("The key the write ran under: send it again to retry this same write."),
    converted: z.looseObject({ from: z.number(), unit: z.string() }).optional(),
  }),
} as const;

export type McpToolName = keyof typeof successSchemas;

export function isMcpToolName(name: string): name is McpToolName {
  return Object.prototype.hasOwnProperty.call(successSchemas, name);
}

/** { type: "object", anyOf: [success, error] }: MCP requires an object schema at the top. */
export function outputSchemaOf(name: McpToolName): { type: "object"; [key: string]: unknown } {
  const { $schema: _schema, ...schema } = z.toJSONSchema(z.union([successSchemas[name], toolErrorSchema]), { io: "output", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return { type: "object", ...schema };
}
