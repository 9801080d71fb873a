// The OpenAPI 3.1 description of API v1, generated from the same zod schemas the routes parse with (never by hand).
import { z } from "zod";
import { faultModes } from "@/lib/faults/fault-modes";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { problemTypes, problemTypeUri } from "./problem";
import {
  armFaultInputSchema,
  chatRequestSchema,
  clearFaultsQuerySchema,
  conversationListQuerySchema,
  measurementListQuerySchema,
  putMeasurementBodySchema,
  timeZoneSchema,
} from "./request-schemas";
import {
  armedFaultSchema,
  chatResponseSchema,
  clearedFaultsSchema,
  conversationDetailSchema,
  conversationListSchema,
  faultListSchema,
  measurementListSchema,
  measurementRecordSchema,
  problemSchema,
  savedMeasurementSchema,
  turnTraceSchema,
} from "./response-schemas";

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const components = {
  Problem: jsonSchemaOf(problemSchema, "output"),
  ChatRequest: jsonSchemaOf(chatRequestSchema, "input"),
  ChatResponse: jsonSchemaOf(chatResponseSchema, "output"),
  MeasurementRecord: jsonSchemaOf(measurementRecordSchema, "output"),
  MeasurementList: jsonSchemaOf(measurementListSchema, "output"),
  PutMeasurementBody: jsonSchemaOf(putMeasurementBodySchema, "input"),
  SavedMeasurement: jsonSchemaOf(savedMeasurementSchema, "output"),
  ConversationList: jsonSchemaOf(conversationListSchema, "output"),
  ConversationDetail: jsonSchemaOf(conversationDetailSchema, "output"),
  TurnTrace: jsonSchemaOf(turnTraceSchema, "output"),
  ArmFault: jsonSchemaOf(armFaultInputSchema, "input"),
  ArmedFault: jsonSchemaOf(armedFaultSchema, "output"),
  FaultList: jsonSchemaOf(faultListSchema, "output"),
  ClearedFaults: jsonSchemaOf(clearedFaultsSchema, "output"),
};
type ComponentName = keyof typeof components;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName, description: string) => ({ description, content: { "application/json": { schema: ref(name) } } });
const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ref("Problem") } } });
const body = (name: ComponentName) => ({ required: true, content: { "application/json": { schema: ref(name) } } });

function queryParameters(schema: z.ZodType) {
  const { properties = {}, required = [] } = jsonSchemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return { name, in: "query", required: required.includes(name), description, schema: propertySchema };
  });
}

const pathParameter = (name: string, description: string, format?: string) => ({ name, in: "path", required: true, description, schema: { type: "string", ...(format ? { format } : {}) } });
const dateParameter = pathParameter("date", "Calendar date, YYYY-MM-DD, not in the future.", "date");

/** The header carries the same value as the chat's timeZone field; its description is the header's own. */
const { description: _timeZoneField, ...timeZoneHeaderSchema } = jsonSchemaOf(timeZoneSchema, "input");
/** The measurement routes' optional Time-Zone header (lib/http/time-zone-header.ts). */
const timeZoneHeader = {
  name: "Time-Zone",
  in: "header",
  required: false,
  description:
    "The user's IANA time zone, e.g. Pacific/Auckland. Used only to decide whether a date is in the future (bad_arguments future_date): a user in UTC+13 can read, save or delete their own today while the server's date is still yesterday. The server's date when omitted; an unknown zone is 400 invalid_request.",
  schema: timeZoneHeaderSchema,
};

const unauthorized = problem("No session: neither a session cookie nor a valid bearer token (type unauthorized).");
const forbiddenOrigin = problem("A cookie-authenticated mutation without this site's Origin (type forbidden_origin).");
const notFound = problem("Not found, or not yours (type not_found).");
const badArgumentsOrTimeZone = problem(
  "Invalid arguments (type bad_arguments): `detail` and `errors[].message` state the constraint, the value received and a valid form. Or an unknown Time-Zone header (type invalid_request).",
);

export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Palestra API",
      version: "1.0.0",
      description: [
        "Chat with the Coach and read and write body measurements. Authenticate with the better-auth session cookie or",
        "`Authorization: Bearer <token>` (the `set-auth-token` header of POST /api/auth/sign-in/email). Every error is",
        "application/problem+json with a stable `type`. Problem types: " +
          Object.keys(problemTypes).map((slug) => problemTypeUri(slug as keyof typeof problemTypes)).join(", ") + ".",
      ].join(" "),
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths: {
      "/api/v1/chat": {
        post: {
          summary: "Run one Coach turn",
          description:
            "Every turn that runs answers 200 with its outcome, a provider failure included. With `Accept: text/event-stream` the turn's events stream as SSE (turn-start, model-request-start, model-request-end, tool-call-start, tool-call-end, tool-call-skipped, text-delta) and the last event, turn-end, carries the ChatResponse. tool-call-skipped `{ toolCallId, callId, name, arguments, reason, idempotencyKey? }` is sent when a call the model asked for is stored as skipped without running (it has no tool-call-start): `reason` is turn_stopped (an earlier call of the response stopped the turn, e.g. outcome_unknown) or round_limit (it came in the turn's last allowed round).",
          requestBody: body("ChatRequest"),
          responses: {
            200: {
              description: "The finished turn as JSON, or its events as SSE.",
              content: { "application/json": { schema: ref("ChatResponse") }, "text/event-stream": { schema: { type: "string" } } },
            },
            400: problem("Invalid body (types invalid_body, invalid_request), an unknown timeZone included."),
            401: unauthorized,
            403: forbiddenOrigin,
            404: problem("conversationId is not one of yours (type not_found)."),
            429: problem("Too many chat turns (type rate_limited); see the Retry-After header."),
          },
        },
      },
      "/api/v1/conversations": {
        get: {
          summary: "Your conversations, newest first",
          parameters: queryParameters(conversationListQuerySchema),
          responses: { 200: json("ConversationList", "One page."), 400: problem("Invalid query (type invalid_request)."), 401: unauthorized },
        },
      },
      "/api/v1/conversations/{id}": {
        get: {
          summary: "One conversation with every message, tool call and stored outcome",
          parameters: [pathParameter("id", "Conversation id.")],
          responses: { 200: json("ConversationDetail", "The conversation."), 401: unauthorized, 404: notFound },
        },
      },
      "/api/v1/measurements": {
        get: {
          summary: "Every record in a date range",
          parameters: [...queryParameters(measurementListQuerySchema), timeZoneHeader],
          responses: {
            200: json("MeasurementList", "The whole range (complete: true)."),
            400: problem("Invalid dates (type bad_arguments), a span over 366 days (type range_too_large), or an unknown Time-Zone header (type invalid_request)."),
            401: unauthorized,
            503: problem("Storage could not be read (type unavailable): the records are unknown, not absent."),
          },
        },
      },
      "/api/v1/measurements/{date}": {
        get: {
          summary: "The record of one date",
          parameters: [dateParameter, timeZoneHeader],
          responses: { 200: json("MeasurementRecord", "The record."), 400: badArgumentsOrTimeZone, 401: unauthorized, 404: problem("No record on this date (type not_found)."), 503: problem("Storage could not be read (type unavailable).") },
        },
        put: {
          summary: "Save values for one date, idempotently",
          description:
            "The same Idempotency-Key with the same body replays the first response (status and body); with another body it is 422 and changes nothing; while the first request runs it is 409. After a 5xx, send the same request with the same key: it replays the saved result or saves exactly once.",
          parameters: [
            dateParameter,
            { name: "Idempotency-Key", in: "header", required: true, description: "A new unique value per intended change (a UUID).", schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH } },
            timeZoneHeader,
          ],
          requestBody: body("PutMeasurementBody"),
          responses: {
            200: json("SavedMeasurement", "Updated, or the date already held these values."),
            201: json("SavedMeasurement", "Created."),
            400: problem("Invalid arguments (type bad_arguments), the Idempotency-Key header missing or too long (types idempotency_key_required, idempotency_key_invalid), or an unknown Time-Zone header (type invalid_request)."),
            401: unauthorized,
            403: forbiddenOrigin,
            409: problem("A different value is stored and replace is not true (type conflict, with stored and proposed), or the key's first request is still running (type idempotency_key_in_flight)."),
            422: problem("The key was used with another body (type idempotency_key_reused); nothing changed."),
            500: problem("The write may or may not have happened (type outcome_unknown): retry with the same key."),
            503: problem("The write certainly did not happen (type write_failed)."),
          },
        },
        delete: {
          summary: "Delete the record of one date (idempotent)",
          parameters: [dateParameter, timeZoneHeader],
          responses: { 204: { description: "No record remains on this date." }, 400: badArgumentsOrTimeZone, 401: unauthorized, 403: forbiddenOrigin },
        },
      },
      "/api/v1/turns/{id}": {
        get: {
          summary: "A turn's trace events and tool calls",
          parameters: [pathParameter("id", "Turn id (turnId of a chat reply).")],
          responses: { 200: json("TurnTrace", "The trace."), 401: unauthorized, 404: notFound },
        },
      },
      "/api/v1/qa/faults": {
        get: { summary: "Your armed storage faults (QA only)", responses: { 200: json("FaultList", "Armed faults."), 401: unauthorized, 404: problem("QA is not enabled.") } },
        post: {
          summary: "Arm a storage fault on your own account (QA only)",
          description: `Modes: ${faultModes.join(", ")}. count: the next N storage attempts; when omitted, 1 for transient (it fails the first attempt, then works) and until cleared for the other modes.`,
          requestBody: body("ArmFault"),
          responses: { 201: json("ArmedFault", "Armed."), 400: problem("Invalid fault (type invalid_request)."), 401: unauthorized, 403: forbiddenOrigin, 404: problem("QA is not enabled.") },
        },
        delete: {
          summary: "Clear your storage faults (QA only)",
          parameters: queryParameters(clearFaultsQuerySchema),
          responses: { 200: json("ClearedFaults", "How many were cleared."), 401: unauthorized, 403: forbiddenOrigin, 404: problem("QA is not enabled.") },
        },
      },
      "/api/metrics": {
        get: {
          summary: "Prometheus metrics",
          security: [{}, { metricsToken: [] }],
          responses: { 200: { description: "Prometheus text format.", content: { "text/plain": { schema: { type: "string" } } } }, 401: problem("METRICS_TOKEN is set and was not presented.") },
        },
      },
    },
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The session token from the set-auth-token response header of sign-in." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "Browser sessions; mutations must carry this site's Origin." },
        metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, when the server sets it." },
      },
    },
  };
}
