// Unique accounts and client addresses for tests, and sign-up through better-auth's HTTP endpoint.
import { randomInt, randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

export type Credentials = { name: string; email: string; password: string };

export function newCredentials(label = "athlete"): Credentials {
  const id = randomUUID().slice(0, 12);
  return { name: `${label} ${id}`, email: `${label}-${id}@example.test`, password: `pw-${randomUUID()}` };
}

/**
 * A private-range address sent as X-Forwarded-For: each test is its own "client", so per-address limits
 * (sign-up, sign-in) of one test never affect another.
 */
export function newClientAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Signs up, then signs in as the sign-up form does (sign-up opens no session, so that its answer is the same whether
 * or not the email is taken). The context keeps the session cookie; the session token is returned for bearer use.
 */
export async function signUpThroughApi(request: APIRequestContext, credentials: Credentials, baseURL: string): Promise<string> {
  const response = await request.post("/api/auth/sign-up/email", { data: credentials, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email: credentials.email, password: credentials.password },
    headers: { origin: baseURL },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const token = signIn.headers()["set-auth-token"];
  expect(token, "sign-in answers a set-auth-token header").toBeTruthy();
  return token ?? "";
}
