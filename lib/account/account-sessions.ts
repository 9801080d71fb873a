// The signed-in sessions of the person whose session is in `headers`, through better-auth's own session endpoints:
// listed with the device they came from, and signed out one by one or all but the current one.
import "server-only";
import { getAuth } from "@/lib/account/get-auth";
import { describeUserAgent, type DeviceDescription } from "./describe-user-agent";

export type AccountSession = DeviceDescription & { id: string; signedInAt: string; lastActiveAt: string; current: boolean };

/** The current session first, then the most recently active; never a session token (the page must not hold them). */
export async function listAccountSessions(headers: Headers): Promise<AccountSession[]> {
  const auth = getAuth();
  const [sessions, current] = await Promise.all([auth.api.listSessions({ headers }), auth.api.getSession({ headers })]);
  return sessions
    .map((session) => ({
      id: session.id,
      ...describeUserAgent(session.userAgent),
      signedInAt: new Date(session.createdAt).toISOString(),
      lastActiveAt: new Date(session.updatedAt).toISOString(),
      current: session.id === current?.session.id,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** Signs out one of the person's own sessions, found by id; false when they have none with that id. */
export async function revokeAccountSession(options: { headers: Headers; id: string }): Promise<boolean> {
  const auth = getAuth();
  const sessions = await auth.api.listSessions({ headers: options.headers });
  const target = sessions.find((session) => session.id === options.id);
  if (!target) return false;
  await auth.api.revokeSession({ headers: options.headers, body: { token: target.token } });
  return true;
}

/** Signs out every session of the person except the one in `headers`. */
export async function revokeOtherAccountSessions(headers: Headers): Promise<void> {
  await getAuth().api.revokeOtherSessions({ headers });
}
