// JSON responses of the personal API: health data is never stored by a browser or a shared cache.

export const PERSONAL_CACHE_CONTROL = "no-store";

function personalHeaders(headers: HeadersInit | undefined, contentType: string): Headers {
  const result = new Headers(headers);
  result.set("content-type", contentType);
  result.set("cache-control", PERSONAL_CACHE_CONTROL);
  return result;
}

export function jsonResponse(body: unknown, options: { status?: number; headers?: HeadersInit } = {}): Response {
  return new Response(JSON.stringify(body), { status: options.status ?? 200, headers: personalHeaders(options.headers, "application/json") });
}

/** JSON text sent exactly as given: a stored outcome replays byte for byte. */
export function jsonTextResponse(text: string, options: { status?: number; headers?: HeadersInit; contentType?: string } = {}): Response {
  return new Response(text, { status: options.status ?? 200, headers: personalHeaders(options.headers, options.contentType ?? "application/json") });
}
