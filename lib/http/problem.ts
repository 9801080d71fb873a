// RFC 9457 problem details: every API error is application/problem+json with a stable `type` URI and no internal detail.
import { jsonTextResponse } from "./json-response";

export const PROBLEM_TYPE_BASE = "https://palestra.dev/problems/";
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The stable problem types of API v1: the slug is the contract, the title is fixed English, the status its HTTP code. */
export const problemTypes = {
  unauthorized: { status: 401, title: "Authentication required" },
  forbidden_origin: { status: 403, title: "Cross-origin request refused" },
  password_change_required: { status: 403, title: "The password must be changed first" },
  insufficient_scope: { status: 403, title: "The API key's scope does not allow this" },
  session_required: { status: 403, title: "A signed-in session is required" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  payload_too_large: { status: 413, title: "Request body too large" },
  invalid_body: { status: 400, title: "Request body is not valid JSON" },
  invalid_request: { status: 400, title: "Invalid request" },
  bad_arguments: { status: 400, title: "Invalid arguments" },
  range_too_large: { status: 400, title: "Range too large" },
  idempotency_key_required: { status: 400, title: "Idempotency-Key header required" },
  idempotency_key_invalid: { status: 400, title: "Idempotency-Key header invalid" },
  idempotency_key_reused: { status: 422, title: "Idempotency-Key reused with another request body" },
  idempotency_key_in_flight: { status: 409, title: "A request with this Idempotency-Key is still running" },
  conflict: { status: 409, title: "A different value is already stored" },
  rate_limited: { status: 429, title: "Too many requests" },
  write_failed: { status: 503, title: "The write did not happen" },
  unavailable: { status: 503, title: "Storage unavailable" },
  not_ready: { status: 503, title: "Not ready to serve" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  import_invalid: { status: 422, title: "The file has invalid rows; nothing was imported" },
  outcome_unknown: { status: 500, title: "The write's outcome is unknown" },
  internal: { status: 500, title: "Internal error" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemSlug = keyof typeof problemTypes;

export function problemTypeUri(slug: ProblemSlug): string {
  return `${PROBLEM_TYPE_BASE}${slug}`;
}

export type ProblemOptions = { slug: ProblemSlug; detail: string; extensions?: Record<string, unknown> };

const standardMembers = new Set(["type", "title", "status", "detail", "instance"]);

/** The problem document: `type`, `title`, `status`, `detail`, then the extra members in their given order (never overriding those). */
export type ProblemDocument = { type: string; title: string; status: number; detail: string; [member: string]: unknown };

export function problemBody(options: ProblemOptions): ProblemDocument {
  const { status, title } = problemTypes[options.slug];
  const extensions = Object.entries(options.extensions ?? {}).filter(([name]) => !standardMembers.has(name));
  return { type: problemTypeUri(options.slug), title, status, detail: options.detail, ...Object.fromEntries(extensions) };
}

export function problemResponse(options: ProblemOptions & { headers?: HeadersInit }): Response {
  return jsonTextResponse(JSON.stringify(problemBody(options)), {
    status: problemTypes[options.slug].status,
    headers: options.headers,
    contentType: PROBLEM_CONTENT_TYPE,
  });
}
