// Fixtures for the HTTP API specs: users signed up through better-auth with a cookie client and a bearer client each,
// and assertions on problem+json and no-store that every spec shares.
import { test as base, expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { newClientAddress, newCredentials, signUpThroughApi, type Credentials } from "../credentials";

export type ApiUser = {
  credentials: Credentials;
  /** The session token from the `set-auth-token` header of POST /api/auth/sign-in/email. */
  token: string;
  /** Sends `Authorization: Bearer <token>` and no cookie (a script or a phone app). */
  bearer: APIRequestContext;
  /** Holds the session cookie and sends no Origin unless a request adds one (what a cross-site form would do). */
  cookie: APIRequestContext;
};

type Fixtures = {
  /** Signs up a new user from a new client address. */
  signUp: (label?: string) => Promise<ApiUser>;
  /** The app's own origin, for cookie-authenticated mutations. */
  appOrigin: string;
};

export const test = base.extend<Fixtures>({
  appOrigin: async ({ baseURL }, provide) => {
    await provide(new URL(baseURL ?? "").origin);
  },
  signUp: async ({ playwright, baseURL }, provide) => {
    const contexts: APIRequestContext[] = [];
    await provide(async (label = "api") => {
      const address = newClientAddress();
      const credentials = newCredentials(label);
      const cookie = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
      contexts.push(cookie);
      const token = await signUpThroughApi(cookie, credentials, baseURL ?? "");
      const bearer = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "x-forwarded-for": address, authorization: `Bearer ${token}` },
      });
      contexts.push(bearer);
      return { credentials, token: token ?? "", bearer, cookie };
    });
    for (const context of contexts) await context.dispose();
  },
});

export { expect };

export const problemType = (slug: string) => `https://palestra.dev/problems/${slug}`;

/**
 * Asserts a problem+json response of the given status and type, never cached; returns its body. `cacheControl` is
 * "no-store" unless said: a chat request asking for an event stream is answered "no-store, no-transform" (next.config.ts).
 */
export async function expectProblem(
  response: APIResponse,
  expected: { status: number; type: string; cacheControl?: string },
): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status(), text).toBe(expected.status);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect(response.headers()["cache-control"]).toBe(expected.cacheControl ?? "no-store");
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).toMatchObject({ type: problemType(expected.type), status: expected.status, title: expect.any(String), detail: expect.any(String) });
  return body;
}

/** Asserts a personal JSON response: the status, application/json and no-store; returns the parsed body. */
export async function expectJson<T = Record<string, unknown>>(response: APIResponse, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status(), text).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return JSON.parse(text) as T;
}

export function putMeasurement(
  context: APIRequestContext,
  options: { date: string; body: unknown; key?: string; headers?: Record<string, string> },
): Promise<APIResponse> {
  const headers: Record<string, string> = { ...(options.key === undefined ? {} : { "idempotency-key": options.key }), ...options.headers };
  return context.put(`/api/v1/measurements/${options.date}`, { data: options.body, headers });
}

/** The user's stored records of a range, read through the API (how specs check that nothing was written). */
export async function storedRecords(
  context: APIRequestContext,
  from = "2019-07-01",
  to = "2020-06-30",
): Promise<{ date: string; values: Record<string, number> }[]> {
  const body = await expectJson<{ records: { date: string; values: Record<string, number> }[] }>(
    await context.get(`/api/v1/measurements?from=${from}&to=${to}`),
  );
  return body.records;
}

/** The case study: a read that is not_found, then the fallback date the user offered. */
export const CASE_STUDY_MESSAGE = "What did I weigh on 2 January 2020? If there is nothing, try the 1st.";
