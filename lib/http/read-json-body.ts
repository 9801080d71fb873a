// Reads a request body as JSON, refusing oversized or malformed bodies with a 400 problem before any parsing by schema.
import { problemResponse } from "./problem";

export const MAX_BODY_BYTES = 64 * 1024;

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(request: Request): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return tooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return tooLarge();
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: problemResponse({ slug: "invalid_body", detail: "The request body must be a JSON document (Content-Type: application/json)." }) };
  }
}

function tooLarge(): JsonBody {
  return { ok: false, response: problemResponse({ slug: "invalid_body", detail: `The request body must be at most ${MAX_BODY_BYTES} bytes.` }) };
}
