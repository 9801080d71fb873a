// What a refused better-auth server call says: its HTTP status, its error code and, for a refused password, the
// strength estimator's reason (lib/account/auth-guards.ts puts it there in the caller's language).
export type AuthRefusal = { status: number; code: string | null; warning: string | null };

/** The refusal carried by a better-auth APIError; null for any other exception (which the caller rethrows). */
export function authRefusalOf(error: unknown): AuthRefusal | null {
  if (typeof error !== "object" || error === null || typeof (error as { statusCode?: unknown }).statusCode !== "number") return null;
  const { statusCode, body } = error as { statusCode: number; body?: { code?: unknown; warning?: unknown } };
  return {
    status: statusCode,
    code: typeof body?.code === "string" ? body.code : null,
    warning: typeof body?.warning === "string" ? body.warning : null,
  };
}
