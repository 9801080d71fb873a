// The methods an API path does not serve: 405 problem+json naming the ones it does in `Allow`, and an OPTIONS that says
// the same (Next.js would otherwise answer 405 with an empty body, and list every exported handler in OPTIONS' Allow).
import { problemResponse } from "./problem";

export const routeMethodNames = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethodName = (typeof routeMethodNames)[number];

type Handler = (request: Request) => Response;

/** `Allow` as the path serves it: HEAD comes with GET (Next.js answers it from GET), OPTIONS always. */
export function allowHeader(allowed: readonly RouteMethodName[]): string {
  return [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

/**
 * Handlers for every method a path does not serve, and its OPTIONS. `exists` is asked per request, so a path that is
 * switched off (the QA routes without QA) answers 404 as its served methods do.
 */
export function otherMethods(allowed: readonly RouteMethodName[], exists: () => boolean = () => true): { refuse: Handler; options: Handler } {
  const allow = allowHeader(allowed);
  const notFound = () => problemResponse({ slug: "not_found", detail: "There is nothing at this address." });
  return {
    refuse: (request) =>
      exists()
        ? problemResponse({ slug: "method_not_allowed", detail: `${request.method} is not served here; this address serves ${allow}.`, headers: { allow } })
        : notFound(),
    options: () => (exists() ? new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } }) : notFound()),
  };
}
