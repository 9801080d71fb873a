// The bearer check of API requests, cached for the token's lifetime: better-auth verifies a token once (its HMAC,
// its session, its refresh), after which a request costs one compiled look-up of the session row. A signed-out,
// revoked or expired session has no row, so it is refused at once, whichever process removed it.
import "server-only";
import type { BetterAuthOptions } from "better-auth";
import { getAuth } from "@/lib/account/get-auth";
import { getStore } from "@/lib/scope/get-store";
import { sessionUserOf, type SessionUser } from "@/lib/account/session-user";
import { getHeadersSession } from "@/lib/session";

/** Enough for every token of a busy instance; past it the oldest verification is forgotten (it is redone, not lost). */
const MAX_VERIFIED_TOKENS = 10_000;
// better-auth's defaults (7 days, refreshed once a day), used when lib/account/get-auth.ts sets none.
const DEFAULT_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 7;
const DEFAULT_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** A verified Authorization header: the session token it carries, and when better-auth must see it again. */
type VerifiedBearer = { sessionToken: string; refreshAt: number };

const globalForBearers = globalThis as unknown as { palestraVerifiedBearers?: Map<string, VerifiedBearer> };

function verifiedBearers(): Map<string, VerifiedBearer> {
  globalForBearers.palestraVerifiedBearers ??= new Map();
  return globalForBearers.palestraVerifiedBearers;
}

/**
 * A bearer request is judged by its token alone: better-auth would fall back to a cookie when the token is invalid,
 * which would let a cookie ride on a request that skipped the Origin check.
 */
function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("cookie");
  return copy;
}

/** The session token of `Bearer <token>.<signature>` (URL-encoded or not), as better-auth's bearer plugin reads it. */
function sessionTokenOf(authorization: string): string {
  const token = authorization.slice("bearer ".length).trim();
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not URL-encoded: used as it is.
  }
  return decoded.split(".")[0] ?? "";
}

/** When better-auth would extend the session (its updateAge): from then on it verifies the token again and refreshes it. */
function refreshAtOf(expiresAt: Date): number {
  const options = (getAuth().options as BetterAuthOptions).session;
  const expiresIn = options?.expiresIn ?? DEFAULT_EXPIRES_IN_SECONDS;
  const updateAge = options?.updateAge ?? DEFAULT_UPDATE_AGE_SECONDS;
  return Math.min(expiresAt.getTime(), expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000);
}

function remember(authorization: string, verified: VerifiedBearer): void {
  const bearers = verifiedBearers();
  if (bearers.size >= MAX_VERIFIED_TOKENS && !bearers.has(authorization)) {
    const oldest = bearers.keys().next().value;
    if (oldest !== undefined) bearers.delete(oldest);
  }
  bearers.set(authorization, verified);
}

/** Whether this Authorization header was verified and is still within its refresh age (no guess: a known token). */
export function isRememberedBearer(authorization: string): boolean {
  const verified = verifiedBearers().get(authorization);
  return verified !== undefined && Date.now() < verified.refreshAt;
}

/**
 * The user of a request carrying `Authorization: Bearer <session token>`, or null (a disabled account included). A user
 * who must change a one-time password is returned: the caller refuses them (authenticate's password_change_required).
 */
export async function getBearerUser(request: Request): Promise<SessionUser | null> {
  const authorization = request.headers.get("authorization") ?? "";
  const bearers = verifiedBearers();
  const verified = bearers.get(authorization);
  const now = Date.now();
  if (verified && now < verified.refreshAt) {
    const account = await getStore().accounts.findSessionAccount({ token: verified.sessionToken, now: new Date(now) });
    const user = account ? sessionUserOf(account) : null;
    if (!user) bearers.delete(authorization);
    return user;
  }
  bearers.delete(authorization);
  const result = await getHeadersSession(withoutCookies(request.headers));
  if (!result) return null;
  // Only a token that is this session's own is remembered (another kind of bearer credential is checked every time).
  if (sessionTokenOf(authorization) === result.session.token) {
    remember(authorization, { sessionToken: result.session.token, refreshAt: refreshAtOf(result.session.expiresAt) });
  }
  return result.user;
}

/** Forgets every verified token (tests give each case its own database and auth instance). */
export function forgetVerifiedBearersForTests(): void {
  verifiedBearers().clear();
}
