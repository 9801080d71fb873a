// The reusable parts of the OpenAPI document: schemas generated from the zod schemas (never written by hand), the
// response headers the server sends, and the responses every operation shares.
import { z } from "zod";
import { chatStreamEventSchema } from "./chat-event-schemas";
import { problemTypes, problemTypeUri, type ProblemSlug } from "./problem";
import { createApiKeyInputSchema } from "@/lib/account/api-key-scope";
import { trendResultSchema } from "@/lib/measurements/trend-result-schema";
import { armFaultInputSchema, chatRequestSchema, putGoalBodySchema, putMeasurementBodySchema } from "./request-schemas";
import {
  apiKeyListSchema,
  armedFaultSchema,
  chatResponseSchema,
  clearedFaultsSchema,
  conversationDetailSchema,
  conversationListSchema,
  createdApiKeySchema,
  faultListSchema,
  importSummarySchema,
  measurementListSchema,
  measurementRecordSchema,
  problemSchema,
  savedGoalSchema,
  savedMeasurementSchema,
  turnTraceSchema,
} from "./response-schemas";

export type JsonSchema = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/**
 * `values` must hold at least one measurement: the zod refinement that says so has no JSON Schema form, and `{}` is
 * refused by the server, so the document says minProperties 1 (JSON has no undefined, so a present key is a value).
 */
function withOneValueAtLeast(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>;
  return { ...schema, properties: { ...properties, values: { ...properties.values, minProperties: 1 } } };
}

export const schemas = {
  Problem: jsonSchemaOf(problemSchema, "output"),
  ChatRequest: jsonSchemaOf(chatRequestSchema, "input"),
  ChatResponse: jsonSchemaOf(chatResponseSchema, "output"),
  ChatStreamEvent: jsonSchemaOf(chatStreamEventSchema, "output"),
  MeasurementRecord: jsonSchemaOf(measurementRecordSchema, "output"),
  MeasurementList: jsonSchemaOf(measurementListSchema, "output"),
  PutMeasurementBody: withOneValueAtLeast(jsonSchemaOf(putMeasurementBodySchema, "input")),
  SavedMeasurement: jsonSchemaOf(savedMeasurementSchema, "output"),
  ImportSummary: jsonSchemaOf(importSummarySchema, "output"),
  Trend: jsonSchemaOf(trendResultSchema, "output"),
  PutGoalBody: jsonSchemaOf(putGoalBodySchema, "input"),
  SavedGoal: jsonSchemaOf(savedGoalSchema, "output"),
  ConversationList: jsonSchemaOf(conversationListSchema, "output"),
  ConversationDetail: jsonSchemaOf(conversationDetailSchema, "output"),
  TurnTrace: jsonSchemaOf(turnTraceSchema, "output"),
  ArmFault: jsonSchemaOf(armFaultInputSchema, "input"),
  ArmedFault: jsonSchemaOf(armedFaultSchema, "output"),
  FaultList: jsonSchemaOf(faultListSchema, "output"),
  ClearedFaults: jsonSchemaOf(clearedFaultsSchema, "output"),
  CreateApiKey: jsonSchemaOf(createApiKeyInputSchema, "input"),
  CreatedApiKey: jsonSchemaOf(createdApiKeySchema, "output"),
  ApiKeyList: jsonSchemaOf(apiKeyListSchema, "output"),
};
export type SchemaName = keyof typeof schemas;

export const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

const seconds = { type: "string", pattern: "^[0-9]+$" };

/** The response headers of the API's own meaning (every response also carries the security headers of README.md). */
export const headers = {
  "Retry-After": { description: "Seconds to wait before sending the request again.", required: true, schema: seconds },
  "Idempotent-Replayed": {
    description: "`true` when this answer replays, byte for byte, the first answer given to the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
  "WWW-Authenticate": { description: "The authentication scheme to use: `Bearer`.", required: true, schema: { type: "string" } },
  Allow: { description: "The methods this address serves.", required: true, schema: { type: "string" } },
};
export type HeaderName = keyof typeof headers;

const headerReferences = (names: readonly HeaderName[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** `headers`: always sent with this answer; `sometimes`: sent with some of its cases (the description says which). */
type HeaderOptions = { headers?: readonly HeaderName[]; sometimes?: readonly HeaderName[] };

function responseHeaders(options: HeaderOptions) {
  const always = headerReferences(options.headers ?? []);
  // A header that is always optional is referenced; one required elsewhere gets an optional copy here.
  const sometimes = Object.fromEntries(
    (options.sometimes ?? []).map((name) => [
      name,
      "required" in headers[name] ? { ...headers[name], required: false } : { $ref: `#/components/headers/${name}` },
    ]),
  );
  const all = { ...always, ...sometimes };
  return Object.keys(all).length > 0 ? { headers: all } : {};
}

/** A JSON answer with a component schema. */
export function json(name: SchemaName, description: string, options: HeaderOptions = {}) {
  return { description, ...responseHeaders(options), content: { "application/json": { schema: ref(name) } } };
}

/** A problem+json answer: its `type` is one of `slugs`, its `status` theirs (they must share one). */
export function problem(description: string, slugs: readonly ProblemSlug[], options: HeaderOptions = {}) {
  const statuses = new Set(slugs.map((slug) => problemTypes[slug].status));
  if (statuses.size !== 1) throw new Error(`problem types of one response must share a status: ${slugs.join(", ")}`);
  const schema = {
    allOf: [ref("Problem"), { properties: { type: { enum: slugs.map(problemTypeUri) }, status: { const: [...statuses][0] } } }],
  };
  return { description, ...responseHeaders(options), content: { "application/problem+json": { schema } } };
}

export const body = (name: SchemaName) => ({ required: true, content: { "application/json": { schema: ref(name) } } });

/** Shared responses, referenced by every operation they apply to. */
export const responses = {
  Unauthorized: problem(
    "No session: neither a session cookie nor a valid bearer token or API key (type unauthorized); a revoked key is refused at once.",
    ["unauthorized"],
    { headers: ["WWW-Authenticate"] },
  ),
  Forbidden: problem(
    "A cookie-authenticated mutation without this site's Origin (type forbidden_origin), or an API key with the read scope asked to change data (type insufficient_scope).",
    ["forbidden_origin", "insufficient_scope"],
  ),
  PayloadTooLarge: problem(
    "The request body is over PALESTRA_MAX_BODY_BYTES (1 MiB by default), whatever the method (type payload_too_large). The server stops reading it and closes the connection.",
    ["payload_too_large"],
  ),
  Internal: problem("The request failed unexpectedly (type internal); it was logged under `trace_id`.", ["internal"]),
};
export type ResponseName = keyof typeof responses;
export const responseRef = (name: ResponseName) => ({ $ref: `#/components/responses/${name}` });
