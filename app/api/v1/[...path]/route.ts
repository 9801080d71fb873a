// Any other /api/v1 address: a problem+json 404 rather than the HTML page, so clients parse every error the same way.
import { problemResponse } from "@/lib/http/problem";

function notFound(): Response {
  return problemResponse({ slug: "not_found", detail: "There is nothing at this address. The routes are listed in /api/v1/openapi.json." });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
