// The OpenAPI paths of API-key management: /api/v1/api-keys and /api/v1/api-keys/{id}, for a signed-in session only.
import { body, json, problem, responseRef } from "./openapi-components";
import { common, malformedPath, optionsOperation, otherMethods, pathParameter } from "./openapi-operations";

const sessionOnly = problem(
  "Sent with an API key (type session_required): keys are made and revoked with a signed-in session, never with a key. Or a cookie request without this site's Origin (type forbidden_origin).",
  ["session_required", "forbidden_origin"],
);
const sessionSecurity = [{ bearerAuth: [] }, { sessionCookie: [] }];

export const apiKeyPaths = {
  "/api/v1/api-keys": {
    description: otherMethods,
    get: {
      operationId: "listApiKeys",
      tags: ["API keys"],
      summary: "Your API keys, newest first (never the keys themselves)",
      security: sessionSecurity,
      responses: { 200: json("ApiKeyList", "Your keys."), 401: responseRef("Unauthorized"), 403: sessionOnly, ...common },
    },
    post: {
      operationId: "createApiKey",
      tags: ["API keys"],
      summary: "Create an API key",
      description:
        "The answer carries `key`, the only time it is shown: only its SHA-256 is stored. A `read` key may call GET routes only; every write with it is 403 (type insufficient_scope).",
      security: sessionSecurity,
      requestBody: body("CreateApiKey"),
      responses: {
        201: json("CreatedApiKey", "Created; copy `key` now."),
        400: problem("The body is not JSON (type invalid_body) or not a valid name and scope (type invalid_request).", ["invalid_body", "invalid_request"]),
        401: responseRef("Unauthorized"),
        403: sessionOnly,
        ...common,
      },
    },
    options: optionsOperation("optionsApiKeys", "API keys"),
  },
  "/api/v1/api-keys/{id}": {
    description: otherMethods,
    parameters: [pathParameter("id", "The key's id (not the key).")],
    delete: {
      operationId: "revokeApiKey",
      tags: ["API keys"],
      summary: "Revoke an API key: the next request that sends it is refused",
      security: sessionSecurity,
      responses: {
        204: { description: "Revoked." },
        400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]),
        401: responseRef("Unauthorized"),
        403: sessionOnly,
        404: problem("You have no key with this id (another person's key included) (type not_found).", ["not_found"]),
        ...common,
      },
    },
    options: optionsOperation("optionsApiKey", "API keys", { 400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]) }),
  },
};
