// The provenance a read returns with each record, in zod (the HTTP API's OpenAPI schema and MCP's outputSchema).
import { z } from "zod";
import { measurementFields } from "./fields";

export const valueProvenanceSchema = z.strictObject({
  source: z
    .string()
    .describe(
      'Where the value came from: "chat", "form", "api", "mcp", "palestra" (a Palestra file), or another app\'s import ("withings", "apple-health:Withings").',
    ),
  original_value: z.number().describe("The number as the source gave it, in original_unit (176.4 for 176.4 lb)."),
  original_unit: z.string().describe('The unit the source gave it in ("kg", "lb", "g", "%", "cm", "in", ...).'),
  derived: z.boolean().describe("true when the value was computed from others (Withings body fat % = fat mass ÷ weight)."),
});

export const recordProvenanceSchema = z
  .partialRecord(z.enum(measurementFields), valueProvenanceSchema)
  .describe("Where each value came from, by field; a value stored before provenance was kept has no entry.");
