// What a refused better-auth server call says: its HTTP status, its error code and, for a refused password, the
// strength estimator's reason (lib/account/auth-guards.ts puts it there in the caller's language).
export type AuthRefusal = { status: number; code: string | null; warning: string | null; retryAfterSeconds: number | null };

/** The seconds a 429 asks to wait (lib/account/password-attempt-guard.ts puts them in the body and Retry-After). */
function retryAfterOf(body: { retryAfterSeconds?: unknown } | undefined): number | null {
  const seconds = body?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The refusal carried by a better-auth APIError; null for any other exception (which the caller rethrows). */
export function authRefusalOf(error: unknown): AuthRefusal | null {
  if (typeof error !== "object" || error === null || typeof (error as { statusCode?: unknown }).statusCode !== "number") return null;
  const { statusCode, body } = error as { statusCode: number; body?: { code?: unknown; warning?: unknown; retryAfterSeconds?: unknown } };
  return {
    status: statusCode,
    code: typeof body?.code === "string" ? body.code : null,
    warning: typeof body?.warning === "string" ? body.warning : null,
    retryAfterSeconds: retryAfterOf(body),
  };
}
