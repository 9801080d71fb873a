// The parts every operation of the OpenAPI document shares: the responses any route can give, the OPTIONS operation,
// query and path parameters generated from the zod schemas.
import type { z } from "zod";
import { jsonSchemaOf, problem, responseRef, type JsonSchema } from "./openapi-components";

export function queryParameters(schema: z.ZodType) {
  const { properties = {}, required = [] } = jsonSchemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return { name, in: "query", required: required.includes(name), description, schema: propertySchema };
  });
}

export const pathParameter = (name: string, description: string, format?: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string", ...(format ? { format } : {}) },
});

export const malformedPath = "a malformed percent-escape in the path (type invalid_request)";
export const qaOff = problem("QA is not enabled on this server: the QA routes do not exist (type not_found).", ["not_found"]);

/** The responses every operation can give: an oversized body, an unexpected failure. */
export const common = { 413: responseRef("PayloadTooLarge"), 500: responseRef("Internal") };
export const signedIn = { 401: responseRef("Unauthorized"), ...common };

/** OPTIONS on an API address: its Allow header (the same list a 405 carries for a method it does not serve). */
export function optionsOperation(operationId: string, tag: string, extra: Record<number, unknown> = {}) {
  return {
    operationId,
    tags: [tag],
    summary: "The methods this address serves",
    security: [],
    responses: {
      204: { description: "No content; the Allow header lists the methods.", headers: { Allow: { $ref: "#/components/headers/Allow" } } },
      413: responseRef("PayloadTooLarge"),
      ...extra,
    },
  };
}

export const otherMethods = "Any other method: 405 problem+json (type method_not_allowed) with an Allow header.";
