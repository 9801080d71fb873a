// zod schemas of the API's response bodies: the OpenAPI document is generated from them and the E2E suite parses with them.
import { z } from "zod";
import { writeResolutions } from "@/lib/outcome/write-resolutions";
import { apiKeyScopes } from "@/lib/account/api-key-scope";
import { faultModes, faultTargets } from "@/lib/faults/fault-modes";
import { measurementFields } from "@/lib/measurements/fields";
import { measurementValuesSchema } from "@/lib/measurements/validation";
import { recordProvenanceSchema } from "@/lib/measurements/provenance-schema";

export const problemSchema = z
  .looseObject({
    type: z.url().describe("Stable URI naming the problem, https://palestra.dev/problems/<slug>."),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
  })
  .describe("RFC 9457 problem details (application/problem+json); extra members depend on the type.");

// A turn's JSON is the chat's own (the page's server action streams the same turn-end): declared beside toChatResponse.
export { chatResponseSchema, chatToolCallSchema, type ChatResponse } from "@/lib/chat/chat-response";

export const measurementRecordSchema = z.strictObject({
  date: z.iso.date(),
  values: measurementValuesSchema,
  note: z.string().nullable(),
  updated_at: z.iso.datetime(),
  provenance: recordProvenanceSchema,
});

export const measurementListSchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  complete: z.literal(true).describe("The whole range was read: an empty records list means no records in it."),
  records: z.array(measurementRecordSchema),
});

export const savedGoalSchema = z.strictObject({
  field: z.enum(measurementFields),
  target: z.number().nullable().describe("The stored target in the field's metric unit; null: the goal was removed."),
  previous: z.number().nullable().describe("The target before, or null."),
  idempotency_key: z.string(),
  converted: z.strictObject({ from: z.number(), unit: z.enum(["lb", "in"]) }).optional(),
});

export const savedMeasurementSchema = z.strictObject({
  date: z.iso.date(),
  values: measurementValuesSchema.describe("Every value stored for the date after the save."),
  created: z.boolean(),
  previous: measurementValuesSchema.optional().describe("What the date held before this save; absent when the save created the record."),
  idempotency_key: z.string(),
});

const conversationSummarySchema = z.strictObject({ id: z.string(), title: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() });

export const conversationListSchema = z.strictObject({
  conversations: z.array(conversationSummarySchema).describe("Newest first; conversations updated at the same instant by id, descending."),
  nextBefore: z.iso.datetime().nullable().describe("Pass as `before` for the next page; null on the last page."),
  nextBeforeId: z.string().nullable().describe("Pass as `beforeId`, with `before`, for the next page; null on the last page."),
});

const turnResolutionSchema = z
  .enum(writeResolutions)
  .nullable()
  .describe(
    "What became of the turn's stopped saves once every one was resolved (each call's `resolution`): refused or not_saved when any was, else saved_now when any was stored by a re-run, else saved. Null while any is unresolved, or when the turn stopped no save; `outcome` stays what the turn ended with.",
  );

const storedToolCallSchema = z.strictObject({
  id: z.string(),
  callId: z.string(),
  name: z.string(),
  arguments: z.string(),
  status: z.enum(["running", "ok", "error", "skipped"]),
  isError: z.boolean().nullable().describe("From its own column, never inferred from the content."),
  error: z.string().nullable(),
  recovery: z.string().nullable(),
  outcome: z.string().nullable().describe("The stored result content (JSON text) as the model received it."),
  attempts: z.number().int(),
  latencyMs: z.number().nullable(),
  idempotencyKey: z.string().nullable(),
  resolution: z
    .enum(writeResolutions)
    .nullable()
    .describe(
      "Write calls whose outcome was uncertain, once resolved, telling what happened to THAT call: saved (its own save went through: found stored under its idempotency key, nothing saved again), saved_now (a re-run the person asked for, with the same key, stored it), not_saved (nothing stored; safe to send again with the key), refused (it completed as a refusal, e.g. a conflict, and changed nothing). Null until resolved, and again when a re-run's own outcome is unknown.",
    ),
});

export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(
    z.strictObject({
      id: z.string(),
      turnId: z.string(),
      role: z.enum(["user", "assistant"]),
      author: z.enum(["user", "model", "harness"]),
      content: z.string(),
      untraceableNumbers: z.array(z.string()).optional().describe("A final answer's numbers traced to neither the message nor a tool result."),
      createdAt: z.iso.datetime(),
      toolCalls: z.array(storedToolCallSchema),
    }),
  ),
  turns: z.array(
    z.strictObject({
      id: z.string(),
      outcome: z.string().nullable(),
      provider: z.string(),
      model: z.string(),
      modelRequests: z.number().int(),
      startedAt: z.iso.datetime(),
      resolution: turnResolutionSchema,
    }),
  ),
});

export const turnTraceSchema = z.strictObject({
  id: z.string(),
  conversationId: z.string(),
  traceId: z.string(),
  outcome: z.string().nullable(),
  provider: z.string(),
  model: z.string(),
  modelRequests: z.number().int(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  resolution: turnResolutionSchema,
  events: z.array(z.strictObject({ seq: z.number().int(), type: z.string(), at: z.iso.datetime(), data: z.record(z.string(), z.unknown()) })),
  toolCalls: z.array(storedToolCallSchema),
});

export const armedFaultSchema = z.strictObject({
  id: z.number().int(),
  target: z.enum(faultTargets),
  mode: z.enum(faultModes),
  remaining: z.number().int().nullable().describe("Storage attempts left; null until cleared."),
  createdAt: z.iso.datetime(),
});

export const faultListSchema = z.strictObject({ faults: z.array(armedFaultSchema) });
export const clearedFaultsSchema = z.strictObject({ cleared: z.number().int() });

const importSideSchema = z.strictObject({ values: measurementValuesSchema, note: z.string().nullable() });

export const importSummarySchema = z
  .strictObject({
    created: z.number().int().min(0),
    updated: z.number().int().min(0),
    unchanged: z.number().int().min(0),
    conflicts: z
      .array(z.strictObject({ date: z.iso.date(), stored: importSideSchema, proposed: importSideSchema }))
      .describe("Dates whose stored values or note differ from the file's: left as they are (empty with replace=true)."),
    errors: z
      .array(z.strictObject({ row: z.number().int(), code: z.string(), detail: z.string() }))
      .max(0)
      .describe("Always empty here: any invalid row makes the answer a 422."),
    readings: z
      .strictObject({
        found: z.number().int().min(0).describe("Readings of the file's measurements."),
        duplicates: z.number().int().min(0).describe("Readings counted once: the same reading from another source (within 2 minutes and 0.05)."),
        days_merged: z
          .array(z.strictObject({ date: z.iso.date(), readings: z.number().int().min(2) }))
          .describe("Days whose several readings became one value by the per_day rule."),
      })
      .optional()
      .describe("Only for another app's export (format other than palestra)."),
  })
  .describe("What the import did (or, with dry_run=true, would do).");

export const apiKeySummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiKeyScopes).describe("read: GET only; read_write: every route a session may call, except managing keys."),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe("When a request last sent this key; null if never."),
});
export const apiKeyListSchema = z.strictObject({ keys: z.array(apiKeySummarySchema).describe("Newest first.") });
export const createdApiKeySchema = apiKeySummarySchema.omit({ lastUsedAt: true }).extend({
  key: z.string().describe("The key itself, `pal_` and 48 letters: shown this once, only its SHA-256 is stored. Send it as `Authorization: Bearer <key>`."),
});
