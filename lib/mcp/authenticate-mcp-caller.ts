// Who calls /api/mcp: the one place MCP asks the authenticator, so the way keys are checked can change without the
// protocol code noticing. Only `Authorization: Bearer`: a cookie never authenticates an MCP request.
import "server-only";
import { getRequestUser, type SessionUser } from "@/lib/session";

export type McpCallerScope = "read" | "read_write";
export type McpCaller = { user: SessionUser; scope: McpCallerScope; apiKeyId: string | null };

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** The caller, or null when no valid bearer credential came with the request. */
export async function authenticateMcpCaller(request: Request): Promise<McpCaller | null> {
  const token = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token) return null;
  const headers = new Headers({ authorization: `Bearer ${token}` });
  const user = await getRequestUser(new Request(request.url, { method: "GET", headers }));
  return user ? { user, scope: "read_write", apiKeyId: null } : null;
}
