// The Idempotency-Key request header: an RFC 8941 structured-field string ("abc"), or a bare token (abc) meaning the
// same key. A bare UUID is accepted as a token too: it is one in HTTP's own grammar (RFC 9110 tchar), though not in
// RFC 8941's, whose tokens must start with a letter, and it is what most clients send.
import { parseItem, Token } from "structured-headers";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";

export type IdempotencyKeyHeader = { ok: true; key: string } | { ok: false; missing: boolean; detail: string };

const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EXAMPLE = 'Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324"';

function invalid(detail: string): IdempotencyKeyHeader {
  return { ok: false, missing: false, detail: `${detail} Send one structured-field string, for example ${EXAMPLE}.` };
}

/** The key a header value names. Node.js joins repeated headers with ", ", which fails here as a list of two. */
export function parseIdempotencyKeyHeader(value: string | null): IdempotencyKeyHeader {
  if (value === null || value.trim() === "") {
    return {
      ok: false,
      missing: true,
      detail: "PUT needs an Idempotency-Key header: a new unique value (a UUID) per intended change, reused only to retry it.",
    };
  }
  let key: string | null = null;
  try {
    const [item, parameters] = parseItem(value);
    if (parameters.size > 0) return invalid("The Idempotency-Key header takes no parameters.");
    if (typeof item === "string") key = item;
    else if (item instanceof Token) key = item.toString();
  } catch {
    // Not a structured-field item; it may still be a bare HTTP token such as a UUID.
  }
  const trimmed = value.trim();
  if (key === null && HTTP_TOKEN.test(trimmed)) key = trimmed;
  if (key === null) return invalid("The Idempotency-Key header is neither a quoted string nor a bare token (a second copy of the header is refused too).");
  if (key === "") return invalid("The Idempotency-Key header must not be empty.");
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    return invalid(`The Idempotency-Key header must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters; it has ${key.length}.`);
  return { ok: true, key };
}
