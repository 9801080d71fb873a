// The Idempotency-Key request header: an RFC 8941 structured-field string ("abc"), or a bare token (abc) meaning the
// same key. A bare UUID is accepted as a token too: it is one in HTTP's own grammar (RFC 9110 tchar), though not in
// RFC 8941's, whose tokens must start with a letter, and it is what most clients send.
import { parseItem, Token } from "structured-headers";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { problemResponse } from "./problem";

/** Why a header names no key: absent or blank, or one of the ways a present one is refused. */
export type IdempotencyKeyFailure =
  { ok: false; reason: "missing" } | { ok: false; reason: "has_parameters" | "not_a_string" | "empty" } | { ok: false; reason: "too_long"; length: number };
export type IdempotencyKeyHeader = { ok: true; key: string } | IdempotencyKeyFailure;

/** The requests that take a key, as the missing key's detail names them. */
export type KeyedRequest = "put" | "import";
const needs: Record<KeyedRequest, string> = { put: "PUT needs", import: "An import needs" };

const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EXAMPLE = 'Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324"';

const invalidDetails = {
  has_parameters: "The Idempotency-Key header takes no parameters.",
  not_a_string: "The Idempotency-Key header is neither a quoted string nor a bare token (a second copy of the header is refused too).",
  empty: "The Idempotency-Key header must not be empty.",
};

function invalidDetail(failure: Exclude<IdempotencyKeyFailure, { reason: "missing" }>): string {
  const detail =
    failure.reason === "too_long"
      ? `The Idempotency-Key header must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters; it has ${failure.length}.`
      : invalidDetails[failure.reason];
  return `${detail} Send one structured-field string, for example ${EXAMPLE}.`;
}

/** The problem+json answer to a header that names no key: 400 idempotency_key_required or idempotency_key_invalid. */
export function idempotencyKeyProblem(options: { failure: IdempotencyKeyFailure; request: KeyedRequest }): Response {
  const { failure, request } = options;
  if (failure.reason === "missing")
    return problemResponse({
      slug: "idempotency_key_required",
      detail: `${needs[request]} an Idempotency-Key header: a new unique value (a UUID) per intended change, reused only to retry it.`,
    });
  return problemResponse({ slug: "idempotency_key_invalid", detail: invalidDetail(failure) });
}

/** The key a header value names. Node.js joins repeated headers with ", ", which fails here as a list of two. */
export function parseIdempotencyKeyHeader(value: string | null): IdempotencyKeyHeader {
  if (value === null || value.trim() === "") {
    return { ok: false, reason: "missing" };
  }
  let key: string | null = null;
  try {
    const [item, parameters] = parseItem(value);
    if (parameters.size > 0) return { ok: false, reason: "has_parameters" };
    if (typeof item === "string") key = item;
    else if (item instanceof Token) key = item.toString();
  } catch {
    // Not a structured-field item; it may still be a bare HTTP token such as a UUID.
  }
  const trimmed = value.trim();
  if (key === null && HTTP_TOKEN.test(trimmed)) key = trimmed;
  if (key === null) return { ok: false, reason: "not_a_string" };
  if (key === "") return { ok: false, reason: "empty" };
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) return { ok: false, reason: "too_long", length: key.length };
  return { ok: true, key };
}
