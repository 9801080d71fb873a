// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from the zod schemas.
import { buildOpenApiDocument } from "@/lib/http/openapi-document";

export function GET(): Response {
  return Response.json(buildOpenApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
