// Client-side calls to better-auth's email endpoints, so sign-in goes through its HTTP rate limit.
export type CredentialsResult = { ok: true } | { ok: false; status: number; code: string | null; retryAfterSeconds: number | null };

export async function postCredentials(path: "sign-in/email" | "sign-up/email", body: Record<string, string>): Promise<CredentialsResult> {
  const response = await fetch(`/api/auth/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (response.ok) return { ok: true };
  const payload = (await response.json().catch(() => null)) as { code?: unknown } | null;
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    status: response.status,
    code: typeof payload?.code === "string" ? payload.code : null,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}
