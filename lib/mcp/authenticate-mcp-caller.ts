// Who calls /api/mcp: an API key in `Authorization: Bearer`, checked by the API's own authenticator. The one place MCP
// asks it, so the protocol code never sees how keys are checked. A session (cookie or session token) is not enough:
// assistants are given keys, which the person can scope to reading and revoke on /account.
import "server-only";
import type { ApiKeyScope } from "@/lib/account/api-key-scope";
import { identifyCaller } from "@/lib/http/authenticate";
import type { SessionUser } from "@/lib/session";

export type McpCaller = { user: SessionUser; scope: ApiKeyScope; apiKeyId: string };

/**
 * The key's owner and scope; `caller` null when no valid, unrevoked API key came with the request, with
 * `retryAfterSeconds` when the client address has used up its failed keys (lib/rate-limit/failed-credentials.ts).
 */
export async function authenticateMcpCaller(request: Request): Promise<{ caller: McpCaller } | { caller: null; retryAfterSeconds: number | null }> {
  const identification = await identifyCaller(request);
  const caller = identification.caller;
  if (!caller) return identification;
  if (caller.via !== "api_key" || caller.apiKeyId === null) return { caller: null, retryAfterSeconds: null };
  return { caller: { user: caller.user, scope: caller.scope, apiKeyId: caller.apiKeyId } };
}
