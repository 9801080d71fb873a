// Who is signed in: for pages and server actions (redirecting to /login) and for route handlers (cookie or bearer).
import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth";
import { parseUnitSystem, type UnitSystem } from "@/lib/measurements/unit-system";

export type SessionUser = { id: string; email: string; name: string; units: UnitSystem };

async function userFromHeaders(requestHeaders: Headers): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers: requestHeaders });
  if (!result) return null;
  return { id: result.user.id, email: result.user.email, name: result.user.name, units: parseUnitSystem(result.user.units) };
}

/** The signed-in user of the current page or action, or null; looked up once per request. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => userFromHeaders(await headers()));

/** The signed-in user, or a redirect to /login. Every page and server action calls this itself. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  return user;
}

/** The user of a route handler's request (session cookie or `Authorization: Bearer <token>`), or null. */
export async function getRequestUser(request: Request): Promise<SessionUser | null> {
  return userFromHeaders(request.headers);
}
