// The OpenAPI 3.1 description of API v1, generated from the same zod schemas the routes parse with (never by hand). It
// declares every status, header and server-sent event the routes send; tests check real answers against it.
import { z } from "zod";
import { faultModes } from "@/lib/faults/fault-modes";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { body, headers, json, jsonSchemaOf, problem, ref, responseRef, responses, schemas, type JsonSchema } from "./openapi-components";
import { problemTypes, problemTypeUri } from "./problem";
import { clearFaultsQuerySchema, conversationListQuerySchema, measurementListQuerySchema, timeZoneSchema } from "./request-schemas";

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

const idempotencyKeyHeader = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description: `A new unique value per intended change, at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters: an RFC 8941 structured-field string such as "8e03978e-40d5-43e8-bc93-6894a57f9324" (with the quotes), or the same value bare as a token; "abc" and abc name one key. Sent twice, or as anything else, it is 400 idempotency_key_invalid.`,
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH + 2 },
};

const malformedPath = "a malformed percent-escape in the path (type invalid_request)";
const qaOff = problem("QA is not enabled on this server: the QA routes do not exist (type not_found).", ["not_found"]);

/** The responses every operation can give: an oversized body, an unexpected failure. */
const common = { 413: responseRef("PayloadTooLarge"), 500: responseRef("Internal") };
const signedIn = { 401: responseRef("Unauthorized"), ...common };

/** OPTIONS on an API address: its Allow header (the same list a 405 carries for a method it does not serve). */
function optionsOperation(operationId: string, tag: string, extra: Record<number, unknown> = {}) {
  return {
    operationId,
    tags: [tag],
    summary: "The methods this address serves",
    security: [],
    responses: { 204: { description: "No content; the Allow header lists the methods.", headers: { Allow: { $ref: "#/components/headers/Allow" } } }, 413: responseRef("PayloadTooLarge"), ...extra },
  };
}

const otherMethods = "Any other method: 405 problem+json (type method_not_allowed) with an Allow header.";

export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Palestra API",
      version: "1.0.0",
      license: { name: "Proprietary: no license is granted to copy or redistribute Palestra", identifier: "LicenseRef-Palestra-Proprietary" },
      description: [
        "Chat with the Coach and read and write body measurements. Authenticate with the better-auth session cookie or",
        "`Authorization: Bearer <token>` (the `set-auth-token` header of POST /api/auth/sign-in/email). Every error is",
        "application/problem+json with a stable `type`: an address under /api/v1 that is not listed here is 404 (type not_found),",
        "a method an address does not serve is 405 (type method_not_allowed) with an Allow header, a path with a malformed",
        "percent-escape is 400 (type invalid_request), and a request body over PALESTRA_MAX_BODY_BYTES is 413 (type",
        "payload_too_large). Problem types: " + Object.keys(problemTypes).map((slug) => problemTypeUri(slug as keyof typeof problemTypes)).join(", ") + ".",
      ].join(" "),
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: [
      { name: "Chat", description: "Turns with the Coach." },
      { name: "Conversations", description: "Stored conversations, with every tool call and outcome." },
      { name: "Measurements", description: "Body measurements, one record per date; writes are idempotent." },
      { name: "Traces", description: "What a turn did, event by event." },
      { name: "QA", description: "Storage fault injection on your own account, when the server runs with PALESTRA_QA." },
      { name: "Meta", description: "This document, metrics and liveness." },
    ],
    paths: {
      "/api/v1/chat": {
        description: otherMethods,
        post: {
          operationId: "postChat",
          tags: ["Chat"],
          summary: "Run one Coach turn",
          description:
            "Every turn that runs answers 200 with its outcome, a provider failure included. With `Accept: text/event-stream` the turn's events stream as SSE (ChatStreamEvent: turn-start, model-request-start, model-request-end, text-delta, tool-call-start, tool-call-end, tool-call-skipped) and the last event, turn-end, carries the ChatResponse (or, if the turn fails unexpectedly after the stream began, an error event with a problem). tool-call-skipped is sent when a call the model asked for is stored as skipped without running (it has no tool-call-start): `reason` is turn_stopped (an earlier call of the response stopped the turn, e.g. outcome_unknown) or round_limit (it came in the turn's last allowed round).",
          parameters: [
            {
              name: "x-palestra-provider",
              in: "header",
              required: false,
              description: "QA servers only: runs the turn with another configured provider. Ignored otherwise.",
              schema: { type: "string", enum: ["offline", "openai", "anthropic", "google", "openai-chat"] },
            },
          ],
          requestBody: body("ChatRequest"),
          responses: {
            200: {
              description: "The finished turn as JSON, or its events as SSE.",
              content: {
                "application/json": { schema: ref("ChatResponse") },
                "text/event-stream": {
                  schema: {
                    type: "string",
                    description: "Server-sent events, each `event: <name>` and one `data: <JSON>` line; see ChatStreamEvent.",
                    contentMediaType: "text/event-stream",
                    contentSchema: { type: "array", items: ref("ChatStreamEvent") },
                  },
                },
              },
            },
            400: problem("Invalid body: not JSON (type invalid_body), or not a valid chat request, an unknown timeZone included (type invalid_request).", ["invalid_body", "invalid_request"]),
            401: responseRef("Unauthorized"),
            403: responseRef("ForbiddenOrigin"),
            404: problem("conversationId is not one of yours (type not_found).", ["not_found"]),
            429: problem("Too many chat turns (type rate_limited): wait Retry-After seconds.", ["rate_limited"], { headers: ["Retry-After"] }),
            ...common,
          },
        },
        options: optionsOperation("optionsChat", "Chat"),
      },
      "/api/v1/conversations": {
        description: otherMethods,
        get: {
          operationId: "listConversations",
          tags: ["Conversations"],
          summary: "Your conversations, newest first",
          parameters: queryParameters(conversationListQuerySchema),
          responses: { 200: json("ConversationList", "One page."), 400: problem("Invalid query (type invalid_request).", ["invalid_request"]), ...signedIn },
        },
        options: optionsOperation("optionsConversations", "Conversations"),
      },
      "/api/v1/conversations/{id}": {
        description: otherMethods,
        parameters: [pathParameter("id", "Conversation id.")],
        get: {
          operationId: "getConversation",
          tags: ["Conversations"],
          summary: "One conversation with every message, tool call and stored outcome",
          responses: {
            200: json("ConversationDetail", "The conversation."),
            400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]),
            404: problem("No such conversation, or not yours (type not_found).", ["not_found"]),
            ...signedIn,
          },
        },
        options: optionsOperation("optionsConversation", "Conversations", { 400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]) }),
      },
      "/api/v1/measurements": {
        description: otherMethods,
        get: {
          operationId: "listMeasurements",
          tags: ["Measurements"],
          summary: "Every record in a date range",
          parameters: [...queryParameters(measurementListQuerySchema), timeZoneHeader],
          responses: {
            200: json("MeasurementList", "The whole range (complete: true)."),
            400: problem("Invalid dates (type bad_arguments), a span over 366 days (type range_too_large), or an unknown Time-Zone header (type invalid_request).", [
              "bad_arguments",
              "range_too_large",
              "invalid_request",
            ]),
            503: problem("Storage could not be read (type unavailable): the records are unknown, not absent.", ["unavailable"], { headers: ["Retry-After"] }),
            ...signedIn,
          },
        },
        options: optionsOperation("optionsMeasurements", "Measurements"),
      },
      "/api/v1/measurements/{date}": {
        description: otherMethods,
        parameters: [dateParameter],
        get: {
          operationId: "getMeasurement",
          tags: ["Measurements"],
          summary: "The record of one date",
          parameters: [timeZoneHeader],
          responses: {
            200: json("MeasurementRecord", "The record."),
            400: problem(`Invalid date (type bad_arguments: \`detail\` and \`errors[].message\` state the constraint, the value received and a valid form), or an unknown Time-Zone header or ${malformedPath}.`, [
              "bad_arguments",
              "invalid_request",
            ]),
            404: problem("No record on this date (type not_found).", ["not_found"]),
            503: problem("Storage could not be read (type unavailable).", ["unavailable"], { headers: ["Retry-After"] }),
            ...signedIn,
          },
        },
        put: {
          operationId: "putMeasurement",
          tags: ["Measurements"],
          summary: "Save values for one date, idempotently",
          description:
            "The same Idempotency-Key with the same body replays the first response (status, body and the Idempotent-Replayed header); with another body it is 422 and changes nothing; while the first request runs it is 409 with Retry-After. After a 5xx, send the same request with the same key: it replays the saved result or saves exactly once.",
          parameters: [idempotencyKeyHeader, timeZoneHeader],
          requestBody: body("PutMeasurementBody"),
          responses: {
            200: json("SavedMeasurement", "Updated, or the date already held these values.", { sometimes: ["Idempotent-Replayed"] }),
            201: json("SavedMeasurement", "Created.", { sometimes: ["Idempotent-Replayed"] }),
            400: problem(
              `The body is not JSON (type invalid_body) or has invalid arguments (type bad_arguments); the Idempotency-Key header is missing (type idempotency_key_required), sent twice, malformed or too long (type idempotency_key_invalid); or an unknown Time-Zone header or ${malformedPath}.`,
              ["invalid_body", "bad_arguments", "idempotency_key_required", "idempotency_key_invalid", "invalid_request"],
            ),
            403: responseRef("ForbiddenOrigin"),
            409: problem(
              "A different value is stored and replace is not true (type conflict, with stored and proposed; a replay carries Idempotent-Replayed), or the key's first request is still running (type idempotency_key_in_flight, with Retry-After).",
              ["conflict", "idempotency_key_in_flight"],
              { sometimes: ["Retry-After", "Idempotent-Replayed"] },
            ),
            422: problem("The key was used with another body (type idempotency_key_reused); nothing changed.", ["idempotency_key_reused"]),
            500: problem("The write may or may not have happened (type outcome_unknown): retry with the same key. Or an unexpected failure (type internal).", ["outcome_unknown", "internal"]),
            503: problem("The write certainly did not happen (type write_failed).", ["write_failed"]),
            401: responseRef("Unauthorized"),
            413: responseRef("PayloadTooLarge"),
          },
        },
        delete: {
          operationId: "deleteMeasurement",
          tags: ["Measurements"],
          summary: "Delete the record of one date (idempotent)",
          parameters: [timeZoneHeader],
          responses: {
            204: { description: "No record remains on this date." },
            400: problem(`Invalid date (type bad_arguments), or an unknown Time-Zone header or ${malformedPath}.`, ["bad_arguments", "invalid_request"]),
            403: responseRef("ForbiddenOrigin"),
            ...signedIn,
          },
        },
        options: optionsOperation("optionsMeasurement", "Measurements", { 400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]) }),
      },
      "/api/v1/turns/{id}": {
        description: otherMethods,
        parameters: [pathParameter("id", "Turn id (turnId of a chat reply).")],
        get: {
          operationId: "getTurn",
          tags: ["Traces"],
          summary: "A turn's trace events and tool calls",
          responses: {
            200: json("TurnTrace", "The trace."),
            400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]),
            404: problem("No such turn, or not yours (type not_found).", ["not_found"]),
            ...signedIn,
          },
        },
        options: optionsOperation("optionsTurn", "Traces", { 400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]) }),
      },
      "/api/v1/qa/faults": {
        description: `${otherMethods} Without QA every method is 404.`,
        get: { operationId: "listFaults", tags: ["QA"], summary: "Your armed storage faults (QA only)", responses: { 200: json("FaultList", "Armed faults."), 404: qaOff, ...signedIn } },
        post: {
          operationId: "armFault",
          tags: ["QA"],
          summary: "Arm a storage fault on your own account (QA only)",
          description: `Modes: ${faultModes.join(", ")}. count: the next N storage attempts; when omitted, 1 for transient (it fails the first attempt, then works) and until cleared for the other modes.`,
          requestBody: body("ArmFault"),
          responses: {
            201: json("ArmedFault", "Armed."),
            400: problem("The body is not JSON (type invalid_body) or not a valid fault (type invalid_request).", ["invalid_body", "invalid_request"]),
            403: responseRef("ForbiddenOrigin"),
            404: qaOff,
            ...signedIn,
          },
        },
        delete: {
          operationId: "clearFaults",
          tags: ["QA"],
          summary: "Clear your storage faults (QA only)",
          parameters: queryParameters(clearFaultsQuerySchema),
          responses: {
            200: json("ClearedFaults", "How many were cleared."),
            400: problem("Invalid query, e.g. an id that is not a positive integer (type invalid_request).", ["invalid_request"]),
            403: responseRef("ForbiddenOrigin"),
            404: qaOff,
            ...signedIn,
          },
        },
        options: optionsOperation("optionsFaults", "QA", { 404: qaOff }),
      },
      "/api/v1/openapi.json": {
        description: otherMethods,
        get: {
          operationId: "getOpenApiDocument",
          tags: ["Meta"],
          summary: "This document",
          security: [],
          responses: { 200: { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } }, 413: responseRef("PayloadTooLarge") },
        },
        options: optionsOperation("optionsOpenApiDocument", "Meta"),
      },
      "/api/metrics": {
        get: {
          operationId: "getMetrics",
          tags: ["Meta"],
          summary: "Prometheus metrics",
          security: [{}, { metricsToken: [] }],
          responses: {
            200: { description: "Prometheus text format.", content: { "text/plain": { schema: { type: "string" } } } },
            401: problem("METRICS_TOKEN is set and was not presented (type unauthorized).", ["unauthorized"], { headers: ["WWW-Authenticate"] }),
            ...common,
          },
        },
      },
      "/api/health": {
        get: {
          operationId: "getHealth",
          tags: ["Meta"],
          summary: "Liveness: the process answers (touches no database)",
          security: [],
          responses: {
            200: { description: "Alive.", content: { "application/json": { schema: { type: "object", properties: { ok: { const: true } }, required: ["ok"] } } } },
            413: responseRef("PayloadTooLarge"),
          },
        },
      },
    },
    components: {
      schemas,
      headers,
      responses,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The session token from the set-auth-token response header of sign-in." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "Browser sessions; mutations must carry this site's Origin." },
        metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, when the server sets it." },
      },
    },
  };
}
