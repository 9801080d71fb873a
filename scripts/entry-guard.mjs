// The checks the server's entry makes before Next.js sees a request: a malformed path or a repeated single-value header
// is refused at once, and a body is counted as it streams in (chunked included) and handed on only once it is complete
// and within the cap. An oversized body is never held: its bytes stop being read, a 413 is answered, the connection
// closed. The policy (cap, headers, refusal bodies) comes from lib/http/entry-policy.ts via the running build.

/** @typedef {{ status: number, headers: Record<string, string>, body: string }} EntryRefusal */
/**
 * @typedef {{ maxBodyBytes: number, headers: Record<string, string>, bodyTooLarge: () => EntryRefusal,
 *   malformedPath: (pathname: string) => EntryRefusal, repeatedHeader: (name: string) => EntryRefusal }} EntryPolicy
 */

const SINGLE_VALUE_HEADERS = new Set(["idempotency-key"]);

/** Writes a refusal and closes the connection after it: whatever the client still sends is not read. */
export function refuse(response, refusal) {
  if (response.headersSent) {
    response.socket?.destroy();
    return;
  }
  response.writeHead(refusal.status, { ...refusal.headers, "content-length": Buffer.byteLength(refusal.body), connection: "close" });
  response.end(refusal.body);
}

/** The declared body length, null when the body is chunked, 0 when there is none. */
function declaredLength(request) {
  if (request.headers["transfer-encoding"] !== undefined) return null;
  const length = Number(request.headers["content-length"] ?? "0");
  return Number.isFinite(length) ? length : 0;
}

/** A header that must appear at most once but came more often (Node.js would merge the copies into "a, b"). */
function repeatedSingleValueHeader(request) {
  const seen = new Set();
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index].toLowerCase();
    if (!SINGLE_VALUE_HEADERS.has(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}

function isMalformedPath(target) {
  try {
    decodeURIComponent(target.split(/[?#]/, 1)[0]);
    return false;
  } catch {
    return true;
  }
}

/**
 * Holds the body's chunks as Node.js's parser pushes them, counting bytes, and replays them into the request once the
 * body is complete, so the handler reads it as usual. Past the cap the chunks are dropped and the parser told to stop.
 */
function holdBody(request, maxBytes, { onComplete, onTooLarge }) {
  const push = request.push;
  const chunks = [];
  let received = 0;
  let refused = false;
  request.push = function holdChunk(chunk, encoding) {
    if (refused) return false;
    if (chunk === null) {
      request.push = push;
      for (const held of chunks) push.call(request, held);
      push.call(request, null);
      chunks.length = 0;
      // Outside the parser's callback: Next.js starts handling on the next tick, with the whole body buffered.
      process.nextTick(onComplete);
      return false;
    }
    received += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : chunk.length;
    if (received > maxBytes) {
      refused = true;
      chunks.length = 0;
      onTooLarge();
      return false;
    }
    chunks.push(chunk);
    return true;
  };
}

/**
 * Runs the checks, then `next()` (Next.js's handler) for an accepted request. The policy's headers are set first, so
 * refusals carry them too.
 * @param {EntryPolicy} policy
 */
export function guardRequest(policy, request, response, next) {
  for (const [name, value] of Object.entries(policy.headers)) response.setHeader(name, value);
  const target = request.url ?? "/";
  if (isMalformedPath(target)) return refuse(response, policy.malformedPath(target.split(/[?#]/, 1)[0]));
  const repeated = repeatedSingleValueHeader(request);
  if (repeated) return refuse(response, policy.repeatedHeader(repeated));
  const length = declaredLength(request);
  if (length !== null && length > policy.maxBodyBytes) return refuse(response, policy.bodyTooLarge());
  if (length === 0) return next();
  holdBody(request, policy.maxBodyBytes, { onComplete: next, onTooLarge: () => refuse(response, policy.bodyTooLarge()) });
}

/** `Expect: 100-continue`: a body declared too large is refused before the client sends it. */
export function guardContinue(policy, request, response, next) {
  const length = declaredLength(request);
  if (length !== null && length > policy.maxBodyBytes) {
    for (const [name, value] of Object.entries(policy.headers)) response.setHeader(name, value);
    return refuse(response, policy.bodyTooLarge());
  }
  response.writeContinue();
  guardRequest(policy, request, response, next);
}
