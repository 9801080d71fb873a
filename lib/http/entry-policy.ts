// What the server's entry (scripts/serve.mjs) enforces before Next.js or better-auth see a request: the body cap, the
// headers every response carries, and the refusals it answers itself. serve.mjs is plain JavaScript outside the build,
// so the policy is made here from the validated environment and handed over once at start-up (instrumentation.ts).
import type { Env } from "@/lib/env";
import { problemBody, problemTypes, PROBLEM_CONTENT_TYPE, type ProblemSlug } from "./problem";
import { baseSecurityHeaders } from "./security-headers";

const MCP_PATH = "/api/mcp";
/** JSON-RPC 2.0's "Invalid Request" (lib/mcp/json-rpc-error-response.ts answers the same past the entry). */
const JSON_RPC_INVALID_REQUEST = -32600;

/** A response the entry writes itself. */
export type EntryRefusal = { status: number; headers: Record<string, string>; body: string };

export type EntryPolicy = {
  maxBodyBytes: number;
  /** How long a refused, unfinished upload is still read (and dropped) before its connection is closed. */
  lingerMs: number;
  /** Set on every response before Next.js handles it (pages replace the Content-Security-Policy with their own). */
  headers: Record<string, string>;
  /** `pathname`: /api/mcp answers a JSON-RPC error, as MCP clients expect, every other route a problem. */
  bodyTooLarge: (pathname: string) => EntryRefusal;
  malformedPath: (pathname: string) => EntryRefusal;
  repeatedHeader: (name: string) => EntryRefusal;
};

function problemRefusal(slug: ProblemSlug, detail: string): EntryRefusal {
  return {
    status: problemTypes[slug].status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store" },
    body: JSON.stringify(problemBody({ slug, detail })),
  };
}

/**
 * A client still writing when the 413 arrives needs a moment to read it and stop; closing at once resets the
 * connection under it (measured: 8 of 30 uploaders saw a reset instead of the 413). Loopback or not, 2 s is plenty.
 */
const REFUSED_UPLOAD_LINGER_MS = 2_000;

export function createEntryPolicy(env: Pick<Env, "PALESTRA_MAX_BODY_BYTES" | "authUrl">): EntryPolicy {
  const maxBodyBytes = env.PALESTRA_MAX_BODY_BYTES;
  return {
    maxBodyBytes,
    lingerMs: REFUSED_UPLOAD_LINGER_MS,
    headers: baseSecurityHeaders({ publicUrl: env.authUrl }),
    bodyTooLarge: (pathname) => {
      const detail = `The request body must be at most ${maxBodyBytes} bytes (PALESTRA_MAX_BODY_BYTES); the rest of it is not read.`;
      if (pathname === MCP_PATH || pathname.startsWith(`${MCP_PATH}/`)) {
        const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: JSON_RPC_INVALID_REQUEST, message: `Request too large: ${detail}` } });
        return { status: 413, headers: { "content-type": "application/json", "cache-control": "no-store" }, body };
      }
      return problemRefusal("payload_too_large", detail);
    },
    malformedPath: (pathname) => {
      if (pathname.startsWith("/api/")) {
        return problemRefusal("invalid_request", "The path holds a malformed percent-escape: every % must start a %XX sequence of UTF-8 bytes.");
      }
      return { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "This address is malformed.\n" };
    },
    repeatedHeader: (name) =>
      name === "idempotency-key"
        ? problemRefusal("idempotency_key_invalid", "The Idempotency-Key header was sent more than once; send it once, with one value.")
        : problemRefusal("invalid_request", `The ${name} header was sent more than once; send it once, with one value.`),
  };
}

const slot = Symbol.for("palestra.entryPolicy");

/** Hands the policy to scripts/serve.mjs, which reads it after Next.js has prepared (and run instrumentation.ts). */
export function publishEntryPolicy(policy: EntryPolicy): void {
  (globalThis as Record<symbol, unknown>)[slot] = policy;
}
