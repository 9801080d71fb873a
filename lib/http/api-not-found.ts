// Any /api/v1 address that is not a route: a problem+json 404 for every method, rather than Next.js's HTML page, so
// clients parse every error the same way.
import { problemResponse } from "./problem";

export function apiNotFound(): Response {
  return problemResponse({ slug: "not_found", detail: "There is nothing at this address. The routes are listed in /api/v1/openapi.json." });
}
