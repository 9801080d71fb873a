// The drills' HTTP client: a person signing up and in through better-auth, then saving, reading and chatting with
// the bearer token, as a script or phone app would.
import crypto from "node:crypto";

export type Client = { url: string; token: string; address: string };

export async function signUpAndIn(options: { url: string; label: string }): Promise<Client> {
  const { url } = options;
  // A fresh client address per person: sign-in limits are per address, and nginx passes the real one on.
  const address = `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}`;
  const headers = { "content-type": "application/json", origin: url, "x-forwarded-for": address };
  const email = `${options.label}-${crypto.randomUUID()}@drill.test`;
  const password = `drill-${crypto.randomUUID()}`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ name: options.label, email, password }) });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  const token = signIn.headers.get("set-auth-token");
  if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status} without a session token`);
  return { url, token, address };
}

export type PutAnswer = { status: number; replayed: boolean; retryAfter: string | null; body: Record<string, unknown> };

/** PUT /api/v1/measurements/:date with an Idempotency-Key, to `url` (an instance, or nginx). */
export async function putWeight(options: {
  client: Client;
  url?: string;
  date: string;
  weightKg: number;
  key: string;
  signal?: AbortSignal;
}): Promise<PutAnswer> {
  const { client } = options;
  const response = await fetch(`${options.url ?? client.url}/api/v1/measurements/${options.date}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${client.token}`, "content-type": "application/json", "idempotency-key": options.key, "x-forwarded-for": client.address },
    body: JSON.stringify({ values: { weight_kg: options.weightKg } }),
    signal: options.signal,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, replayed: response.headers.get("idempotent-replayed") === "true", retryAfter: response.headers.get("retry-after"), body };
}

export async function getJson(options: { client: Client; url?: string; path: string }): Promise<{ status: number; body: unknown }> {
  const { client } = options;
  const response = await fetch(`${options.url ?? client.url}${options.path}`, {
    headers: { authorization: `Bearer ${client.token}`, "x-forwarded-for": client.address },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

export async function chat(options: {
  client: Client;
  url?: string;
  message: string;
  conversationId?: string;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const { client } = options;
  const response = await fetch(`${options.url ?? client.url}/api/v1/chat`, {
    method: "POST",
    headers: { authorization: `Bearer ${client.token}`, "content-type": "application/json", "x-forwarded-for": client.address },
    body: JSON.stringify({ message: options.message, ...(options.conversationId ? { conversationId: options.conversationId } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
