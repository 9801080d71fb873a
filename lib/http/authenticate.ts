// Who is calling an API route: a better-auth session cookie or `Authorization: Bearer <token>`. A mutation carried by
// a cookie must come from our own origin (a browser attaches cookies to cross-site requests; it never forges headers).
import "server-only";
import { getEnv } from "@/lib/env";
import { getRequestUser, type SessionUser } from "@/lib/session";
import { getBearerUser } from "./cached-bearer-user";
import { isTrustedOrigin, SAFE_METHODS } from "./is-trusted-origin";
import { problemResponse } from "./problem";

export type Authentication = { ok: true; user: SessionUser; via: "cookie" | "bearer" } | { ok: false; response: Response };

function usesBearer(request: Request): boolean {
  return /^bearer\s/i.test(request.headers.get("authorization") ?? "");
}

export async function authenticate(request: Request): Promise<Authentication> {
  const via = usesBearer(request) ? "bearer" : "cookie";
  // A bearer request is judged by its token alone (getBearerUser never reads its cookies).
  const user = via === "bearer" ? await getBearerUser(request) : await getRequestUser(request);
  if (!user) {
    return {
      ok: false,
      response: problemResponse({
        slug: "unauthorized",
        detail: "Sign in first: send the session cookie or an `Authorization: Bearer <session token>` header.",
        headers: { "www-authenticate": 'Bearer realm="palestra"' },
      }),
    };
  }
  if (via === "cookie" && !SAFE_METHODS.has(request.method)) {
    const trusted = isTrustedOrigin({ origin: request.headers.get("origin"), requestUrl: request.url, publicUrl: getEnv().authUrl });
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
  return { ok: true, user, via };
}
