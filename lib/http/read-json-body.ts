// Reads a request body as JSON, refusing oversized or malformed bodies with a problem before any parsing by schema.
// The server's entry (scripts/serve.mjs) already refuses a body over PALESTRA_MAX_BODY_BYTES; this applies the same cap,
// counted the same way, where no such entry stands in front (`next dev`, tests calling the handlers).
import { getEnv } from "@/lib/env";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth";
import { problemResponse } from "./problem";

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** The body's bytes, or null as soon as they pass `maxBytes` (the rest is never read). */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function bodyTooLargeResponse(maxBytes: number): Response {
  return problemResponse({ slug: "payload_too_large", detail: `The request body must be at most ${maxBytes} bytes (PALESTRA_MAX_BODY_BYTES).` });
}

export async function readJsonBody(request: Request): Promise<JsonBody> {
  const maxBytes = getEnv().PALESTRA_MAX_BODY_BYTES;
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) return { ok: false, response: bodyTooLargeResponse(maxBytes) };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return {
      ok: false,
      response: problemResponse({ slug: "invalid_body", detail: "The request body must be a JSON document (Content-Type: application/json)." }),
    };
  }
  if (exceedsJsonDepth(value)) {
    return {
      ok: false,
      response: problemResponse({ slug: "invalid_body", detail: `The request body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.` }),
    };
  }
  return { ok: true, value };
}
