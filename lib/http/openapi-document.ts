// The OpenAPI 3.1 description of API v1, generated from the same zod schemas the routes parse with (never by hand). It
// declares every status, header and server-sent event the routes send; tests check real answers against it.
import { providerNames } from "@/lib/env";
import { faultModes } from "@/lib/faults/fault-modes";
import { apiKeyPaths } from "./openapi-api-key-paths";
import { body, headers, json, problem, ref, responseRef, responses, schemas } from "./openapi-components";
import { goalPaths } from "./openapi-goal-paths";
import { measurementPaths } from "./openapi-measurement-paths";
import { common, malformedPath, optionsOperation, otherMethods, pathParameter, qaOff, queryParameters, signedIn } from "./openapi-operations";
import { problemTypes, problemTypeUri } from "./problem";
import { clearFaultsQuerySchema, conversationListQuerySchema } from "./request-schemas";

export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Palestra API",
      version: "1.0.0",
      license: { name: "GNU Affero General Public License v3.0 or later", identifier: "AGPL-3.0-or-later" },
      description: [
        "Chat with the Coach and read and write body measurements. Authenticate with the better-auth session cookie,",
        "`Authorization: Bearer <token>` (the `set-auth-token` header of POST /api/auth/sign-in/email), or",
        "`Authorization: Bearer <API key>` (made on /account or with POST /api/v1/api-keys; a `read` key is refused every",
        "write with 403, type insufficient_scope). Every error is",
        "application/problem+json with a stable `type`: an address under /api/v1 that is not listed here is 404 (type not_found),",
        "a method an address does not serve is 405 (type method_not_allowed) with an Allow header, a path with a malformed",
        "percent-escape is 400 (type invalid_request), and a request body over PALESTRA_MAX_BODY_BYTES is 413 (type",
        "payload_too_large). Problem types: " +
          Object.keys(problemTypes)
            .map((slug) => problemTypeUri(slug as keyof typeof problemTypes))
            .join(", ") +
          ".",
      ].join(" "),
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }, { apiKey: [] }],
    tags: [
      { name: "Chat", description: "Turns with the Coach." },
      { name: "Conversations", description: "Stored conversations, with every tool call and outcome." },
      { name: "Measurements", description: "Body measurements, one record per date; writes are idempotent." },
      { name: "Traces", description: "What a turn did, event by event." },
      { name: "API keys", description: "Keys for scripts, shortcuts and MCP clients; managed with a signed-in session only." },
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
              schema: { type: "string", enum: [...providerNames] },
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
            400: problem("Invalid body: not JSON (type invalid_body), or not a valid chat request, an unknown timeZone included (type invalid_request).", [
              "invalid_body",
              "invalid_request",
            ]),
            401: responseRef("Unauthorized"),
            403: responseRef("Forbidden"),
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
      ...measurementPaths,
      ...goalPaths,
      ...apiKeyPaths,
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
        get: {
          operationId: "listFaults",
          tags: ["QA"],
          summary: "Your armed storage faults (QA only)",
          responses: { 200: json("FaultList", "Armed faults."), 404: qaOff, ...signedIn },
        },
        post: {
          operationId: "armFault",
          tags: ["QA"],
          summary: "Arm a storage fault on your own account (QA only)",
          description: `Modes: ${faultModes.join(", ")}. count: the next N storage attempts; when omitted, 1 for transient (it fails the first attempt, then works) and until cleared for the other modes.`,
          requestBody: body("ArmFault"),
          responses: {
            201: json("ArmedFault", "Armed."),
            400: problem("The body is not JSON (type invalid_body) or not a valid fault (type invalid_request).", ["invalid_body", "invalid_request"]),
            403: responseRef("Forbidden"),
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
            403: responseRef("Forbidden"),
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
          responses: {
            200: { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
            413: responseRef("PayloadTooLarge"),
          },
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
            404: problem("METRICS_TOKEN is not set and METRICS_PUBLIC is off: the route is not served (type not_found).", ["not_found"]),
            ...common,
          },
        },
      },
      "/api/ready": {
        get: {
          operationId: "getReady",
          tags: ["Meta"],
          summary: "Readiness: the database answers and its migrations are current",
          security: [],
          responses: {
            200: {
              description: "Ready.",
              content: { "application/json": { schema: { type: "object", properties: { ready: { const: true } }, required: ["ready"] } } },
            },
            503: problem("The database does not answer, lacks migrations, or was migrated by a newer build (type not_ready).", ["not_ready"], {
              headers: ["Retry-After"],
            }),
            413: responseRef("PayloadTooLarge"),
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
            200: {
              description: "Alive.",
              content: { "application/json": { schema: { type: "object", properties: { ok: { const: true } }, required: ["ok"] } } },
            },
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
        apiKey: { type: "http", scheme: "bearer", description: "An API key (`pal_…`), with the scope it was made with: read (GET only) or read_write." },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description: "Browser sessions; mutations must carry this site's Origin.",
        },
        metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, when the server sets it." },
      },
    },
  };
}
