// Who is signed in: for pages and server actions (redirecting to /login) and for route handlers (cookie or bearer).
import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getAuth } from "@/lib/account/get-auth";
import { sessionUserOf, type SessionUser } from "@/lib/account/session-user";
import { getEnv } from "@/lib/env";

// Pages and handlers take the type from here, beside the look-ups that return it.
export type { SessionUser };

export type HeadersSession = { user: SessionUser; isAdmin: boolean; session: { token: string; expiresAt: Date } };

/** The session the headers carry (cookie or bearer, through better-auth) with its user; null for none or a disabled account. */
export async function getHeadersSession(requestHeaders: Headers): Promise<HeadersSession | null> {
  const result = await getAuth().api.getSession({ headers: requestHeaders });
  const user = result ? sessionUserOf(result.user) : null;
  if (!result || !user) return null;
  // The admin plugin's role: "admin" for the first account and those `npm run admin -- users make-admin` names.
  const isAdmin = (result.user as { role?: unknown }).role === "admin";
  return { user, isAdmin, session: { token: result.session.token, expiresAt: new Date(result.session.expiresAt) } };
}

async function userFromHeaders(requestHeaders: Headers): Promise<SessionUser | null> {
  return (await getHeadersSession(requestHeaders))?.user ?? null;
}

/** The session of the current page or action, looked up once per request. */
const getCurrentSession = cache(async (): Promise<HeadersSession | null> => getHeadersSession(await headers()));

/** The signed-in user of the current page or action, or null; looked up once per request. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => (await getCurrentSession())?.user ?? null);

/** Whether the signed-in person administers this instance (the same look-up as getSessionUser). */
export async function isSessionAdmin(): Promise<boolean> {
  return (await getCurrentSession())?.isAdmin === true;
}

export const CHANGE_PASSWORD_PATH = "/change-password";

/**
 * The signed-in user, or a redirect to /login; a person holding a one-time password is sent to change it first.
 * Every page and server action calls this itself.
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  if (user.passwordChangeRequired) redirect(CHANGE_PASSWORD_PATH);
  return user;
}

/** An administrator, or a redirect to /login for nobody and a 404 for anyone else (the page is not theirs to know of). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (!(await isSessionAdmin())) notFound();
  return user;
}

/**
 * Whether the operator area (/operator, and its links to traces, metrics and QA) is offered to the signed-in person:
 * to administrators, and to everyone while QA mode is on (QA testers). /traces itself stays every person's own page.
 */
export async function canOperate(): Promise<boolean> {
  return getEnv().qaEnabled || (await isSessionAdmin());
}

/** Someone the operator area is for, or a redirect to /login for nobody and a 404 for anyone else. */
export async function requireOperator(): Promise<SessionUser> {
  const user = await requireUser();
  if (!(await canOperate())) notFound();
  return user;
}

/** The signed-in user even while a password change is due (the change-password page and its action only). */
export async function requireUserAllowingPasswordChange(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  return user;
}

/**
 * The user of a route handler's request (session cookie or `Authorization: Bearer <token>`), or null. With
 * `allowPasswordChange` false (the default), a user who must first change a one-time password counts as nobody.
 */
export async function getRequestUser(request: Request, options: { allowPasswordChange?: boolean } = {}): Promise<SessionUser | null> {
  const user = await userFromHeaders(request.headers);
  return user && (!user.passwordChangeRequired || options.allowPasswordChange) ? user : null;
}
