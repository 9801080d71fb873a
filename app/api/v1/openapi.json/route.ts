// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from the zod schemas.
import { buildOpenApiDocument } from "@/lib/http/openapi-document";
import { otherMethods } from "@/lib/http/route-methods";

export function GET(): Response {
  return Response.json(buildOpenApiDocument());
}

const other = otherMethods(["GET"]);
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
