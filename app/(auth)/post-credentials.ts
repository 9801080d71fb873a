// Client-side calls to better-auth's email endpoints, so sign-in goes through its HTTP rate limit.
export type CredentialsFailure = {
  ok: false;
  status: number;
  code: string | null;
  retryAfterSeconds: number | null;
  /** A refused password: the strength estimator's own reason, already in the person's language. */
  warning: string | null;
};
export type CredentialsResult = { ok: true } | CredentialsFailure;

export async function postCredentials(path: "sign-in/email" | "sign-up/email", body: Record<string, string>): Promise<CredentialsResult> {
  const response = await fetch(`/api/auth/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (response.ok) return { ok: true };
  const payload = (await response.json().catch(() => null)) as { code?: unknown; warning?: unknown } | null;
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    status: response.status,
    code: typeof payload?.code === "string" ? payload.code : null,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    warning: typeof payload?.warning === "string" ? payload.warning : null,
  };
}

/**
 * Sign-up answers an email that already has an account exactly as a new one and opens no session, so nobody learns
 * which emails are taken from it. Signing in next opens the new account; when it fails, the email had an account
 * with another password, which the form words as what to do rather than as a disclosure.
 */
export async function signUpThenSignIn(body: { name: string; email: string; password: string }): Promise<CredentialsResult> {
  const signUp = await postCredentials("sign-up/email", body);
  if (!signUp.ok) return signUp;
  const signIn = await postCredentials("sign-in/email", { email: body.email, password: body.password });
  if (signIn.ok || signIn.status === 429) return signIn;
  return { ...signIn, code: "SIGN_UP_NOT_SIGNED_IN" };
}
