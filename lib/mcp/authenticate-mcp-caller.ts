// Who calls /api/mcp: an API key in `Authorization: Bearer`, checked by the API's own authenticator. The one place MCP
// asks it, so the protocol code never sees how keys are checked. A session (cookie or session token) is not enough:
// assistants are given keys, which the person can scope to reading and revoke on /account.
import "server-only";
import type { ApiKeyScope } from "@/lib/account/api-key-scope";
import { identifyCaller } from "@/lib/http/authenticate";
import type { SessionUser } from "@/lib/session";

export type McpCaller = { user: SessionUser; scope: ApiKeyScope; apiKeyId: string };

/** The key's owner and scope, or null when no valid, unrevoked API key came with the request. */
export async function authenticateMcpCaller(request: Request): Promise<McpCaller | null> {
  const caller = await identifyCaller(request);
  if (!caller || caller.via !== "api_key" || caller.apiKeyId === null) return null;
  return { user: caller.user, scope: caller.scope, apiKeyId: caller.apiKeyId };
}
