// In front of every page: a fresh Content-Security-Policy nonce per request, and the cross-site guard for server actions.
// A POST to a page is a server action (sent by the React client with a Next-Action header, or by a plain form without
// JavaScript). Next refuses a foreign Origin on actions itself, but lets a missing or opaque "null" Origin through;
// this refuses all three before any action runs (a missing Origin passes only with Sec-Fetch-Site: same-origin, which
// browsers set and pages cannot). /api routes check Origin themselves.
import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { isTrustedOrigin, SAFE_METHODS } from "@/lib/http/is-trusted-origin";
import { isWellFormedActionBody, MALFORMED_ACTION_BODY_MESSAGE, type ActionBody } from "@/lib/http/server-action-body";
import { createNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Next.js reads the nonce from the request's Content-Security-Policy header and stamps it on the scripts it renders;
 * the browser gets the same policy. Every page renders per request (the root layout reads the session), as a nonce needs.
 */
function withContentSecurityPolicy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const policy = pageContentSecurityPolicy({ nonce, development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  requestHeaders.set("x-nonce", nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

const plainText = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

/** A server action's body as React encodes it (JSON text, or multipart parts); null for a body of another kind. */
async function actionBodyOf(request: NextRequest): Promise<ActionBody | null> {
  const contentType = request.headers.get("content-type") ?? "";
  try {
    if (contentType.startsWith("multipart/form-data")) {
      const form = await request.clone().formData();
      return { kind: "parts", parts: [...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as const] : [])) };
    }
    return { kind: "text", text: await request.clone().text() };
  } catch {
    // A multipart body that does not parse as one.
    return { kind: "text", text: "" };
  }
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  if (SAFE_METHODS.has(request.method)) return withContentSecurityPolicy(request);
  // From the Host header: NextRequest.url rewrites 127.0.0.1 to "localhost", which the browser's Origin never says.
  const addressedTo = `${request.nextUrl.protocol}//${request.headers.get("host") ?? request.nextUrl.host}`;
  const origin = request.headers.get("origin");
  if (!isTrustedOrigin({ origin, fetchSite: request.headers.get("sec-fetch-site"), requestUrl: addressedTo, publicUrl: getEnv().authUrl })) {
    return new NextResponse("This form must be sent from a Palestra page.\n", { status: 403, headers: plainText });
  }
  if (request.headers.has("next-action")) {
    const body = await actionBodyOf(request);
    if (body && !isWellFormedActionBody(body)) return new NextResponse(MALFORMED_ACTION_BODY_MESSAGE, { status: 400, headers: plainText });
  }
  return withContentSecurityPolicy(request);
}

export const config = {
  // Everything but the API (which answers problem+json of its own) and static assets, which are only ever read.
  matcher: ["/((?!api/|_next/static/|_next/image/|favicon.ico).*)"],
};
