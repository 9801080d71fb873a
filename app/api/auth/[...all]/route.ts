// better-auth's own endpoints (sign-up, sign-in, sign-out, session), with the standard Retry-After on 429.
import { toNextJsHandler } from "better-auth/next-js";
import { runSignUp } from "@/lib/account/run-sign-up";
import { getAuth } from "@/lib/account/get-auth";

async function handleAuthRequest(request: Request): Promise<Response> {
  const isSignUp = request.method === "POST" && new URL(request.url).pathname === "/api/auth/sign-up/email";
  const response = await (isSignUp ? runSignUp(() => getAuth().handler(request)) : getAuth().handler(request));
  // better-auth answers a rate-limited request with X-Retry-After only; clients expect the standard Retry-After.
  const retryAfter = response.headers.get("x-retry-after");
  if (response.status === 429 && retryAfter && !response.headers.has("retry-after")) {
    const headers = new Headers(response.headers);
    headers.set("retry-after", retryAfter);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  return response;
}

export const { GET, POST } = toNextJsHandler(handleAuthRequest);
