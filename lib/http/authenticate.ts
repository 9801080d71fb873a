// Who is calling an API route, and may they do this: a better-auth session (cookie or `Authorization: Bearer <session
// token>`) or an API key (`Authorization: Bearer pal_…`). The one authenticator of /api/v1 and /api/mcp. A mutation
// carried by a cookie must come from our own origin (a browser attaches cookies to cross-site requests; it never forges
// headers); a `read` key is refused every write.
import "server-only";
import { API_KEY_PREFIX, type ApiKeyScope } from "@/lib/account/api-key-scope";
import { verifyApiKey } from "@/lib/account/verify-api-key";
import { getEnv } from "@/lib/env";
import { countFailedCredential, refusedForFailedCredentials } from "@/lib/rate-limit/failed-credentials";
import { getStore } from "@/lib/scope/get-store";
import { getRequestUser, type SessionUser } from "@/lib/session";
import { getBearerUser, isRememberedBearer } from "./cached-bearer-user";
import { isTrustedOrigin, SAFE_METHODS } from "./is-trusted-origin";
import { problemResponse } from "./problem";

/** How the caller proved who they are; a session may do anything its user may, a key what its scope allows. */
export type CallerVia = "session" | "api_key";
export type Caller = { user: SessionUser; via: CallerVia; scope: ApiKeyScope; apiKeyId: string | null };

/**
 * `headers`: the headers the caller was found in (a bearer request's cookie removed), for better-auth endpoints that
 * act on the caller's own session.
 */
export type Authentication = ({ ok: true; headers: Headers } & Caller) | { ok: false; response: Response };

export type AuthenticateOptions = {
  /** What the route does; by default a safe method (GET, HEAD, OPTIONS) reads and every other method writes. */
  access?: "read" | "write";
  /** "refuse": only a signed-in session may call (managing keys: a key must not mint or revoke keys). */
  apiKeys?: "allow" | "refuse";
};

const BEARER = /^bearer\s+(.+)$/i;

function bearerToken(request: Request): string | null {
  return BEARER.exec(request.headers.get("authorization") ?? "")?.[1]?.trim() ?? null;
}

/**
 * A bearer request is judged by its token alone: better-auth would fall back to a cookie when the token is invalid,
 * which would let a cookie ride on a request that skipped the Origin check.
 */
function withoutCookies(request: Request): Headers {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return headers;
}

const unauthorized = (detail: string) => problemResponse({ slug: "unauthorized", detail, headers: { "www-authenticate": 'Bearer realm="palestra"' } });

/**
 * Who sent the request, without judging what it asks for: `caller` null when no session or key proves it, with
 * `retryAfterSeconds` when the client address has used up its failed keys and tokens (nothing was checked then).
 */
export type CallerIdentification = { caller: Caller & { headers: Headers } } | { caller: null; retryAfterSeconds: number | null };

async function identifyBearer(request: Request, token: string): Promise<(Caller & { headers: Headers }) | null> {
  if (token.startsWith(API_KEY_PREFIX)) {
    const key = await verifyApiKey(token);
    return key ? { user: key.user, via: "api_key", scope: key.scope, apiKeyId: key.id, headers: withoutCookies(request) } : null;
  }
  // Judged by its token alone (getBearerUser never reads the cookies); verified once per token, then one row look-up.
  const user = await getBearerUser(request);
  return user ? { user, via: "session", scope: "read_write", apiKeyId: null, headers: withoutCookies(request) } : null;
}

export async function identifyCaller(request: Request): Promise<CallerIdentification> {
  const token = bearerToken(request);
  if (token !== null) {
    const store = getStore();
    // A token verified before is no guess: its requests skip the look-up of the address's failures.
    if (!isRememberedBearer(request.headers.get("authorization") ?? "")) {
      const retryAfterSeconds = await refusedForFailedCredentials({ store, headers: request.headers });
      if (retryAfterSeconds !== null) return { caller: null, retryAfterSeconds };
    }
    const caller = await identifyBearer(request, token);
    if (caller) return { caller };
    const kind = token.startsWith(API_KEY_PREFIX) ? "api_key" : "session_token";
    await countFailedCredential({ store, headers: request.headers, kind, path: new URL(request.url).pathname });
    return { caller: null, retryAfterSeconds: null };
  }
  const headers = request.headers;
  const user = await getRequestUser(new Request(request.url, { method: "GET", headers }), { allowPasswordChange: true });
  return user ? { caller: { user, via: "session", scope: "read_write", apiKeyId: null, headers } } : { caller: null, retryAfterSeconds: null };
}

/**
 * The caller, or the problem response to send: 401 without a valid session or key, 403 `session_required` for a key
 * where only a session may act, 403 `insufficient_scope` for a `read` key asked to write, 403 `forbidden_origin` for a
 * cookie mutation from another site.
 */
export async function authenticate(request: Request, options: AuthenticateOptions = {}): Promise<Authentication> {
  const token = bearerToken(request);
  const identification = await identifyCaller(request);
  if (identification.caller === null) {
    const { retryAfterSeconds } = identification;
    if (retryAfterSeconds !== null) {
      return {
        ok: false,
        response: problemResponse({
          slug: "rate_limited",
          detail: `Too many invalid API keys or tokens came from this address. Try again in ${retryAfterSeconds} seconds.`,
          extensions: { retryAfterSeconds },
          headers: { "retry-after": String(retryAfterSeconds) },
        }),
      };
    }
    return {
      ok: false,
      response: token?.startsWith(API_KEY_PREFIX)
        ? unauthorized("This API key is not valid: it was revoked, or it was copied incompletely. Create a new one on /account.")
        : unauthorized("Sign in first: send the session cookie, an `Authorization: Bearer <session token>` header or an API key."),
    };
  }
  const caller = identification.caller;
  // A one-time password from the admin command must be changed on the website first, whatever the credential.
  if (caller.user.passwordChangeRequired) {
    return {
      ok: false,
      response: problemResponse({
        slug: "password_change_required",
        detail: "This account signed in with a one-time password from an administrator: change it on the website before using the API.",
      }),
    };
  }
  if (caller.via === "api_key" && options.apiKeys === "refuse") {
    return {
      ok: false,
      response: problemResponse({ slug: "session_required", detail: "API keys cannot manage API keys: sign in with your password and use a session." }),
    };
  }
  const access = options.access ?? (SAFE_METHODS.has(request.method) ? "read" : "write");
  if (caller.via === "api_key" && access === "write" && caller.scope !== "read_write") {
    return {
      ok: false,
      response: problemResponse({
        slug: "insufficient_scope",
        detail: "This API key may only read. Create a key with the read_write scope on /account to change data.",
        extensions: { scope: caller.scope },
      }),
    };
  }
  if (token === null && !SAFE_METHODS.has(request.method)) {
    const trusted = isTrustedOrigin({
      origin: request.headers.get("origin"),
      fetchSite: request.headers.get("sec-fetch-site"),
      requestUrl: request.url,
      publicUrl: getEnv().authUrl,
    });
    if (!trusted) {
      return {
        ok: false,
        response: problemResponse({
          slug: "forbidden_origin",
          detail: "A request that changes data with a session cookie must carry this site's Origin. Scripts should use a bearer token.",
        }),
      };
    }
  }
  return { ok: true, ...caller };
}
