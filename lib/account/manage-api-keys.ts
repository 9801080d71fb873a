// Creating, listing and revoking a person's API keys through better-auth's API-key plugin; what
// /api/v1/api-keys and the /account page show of them (never the stored hash, the key itself only at creation).
import "server-only";
import { getAuth } from "@/lib/account/get-auth";
import { permissionsOfScope, scopeOfPermissions, type ApiKeyScope, type CreateApiKeyInput } from "./api-key-scope";

export type ApiKeySummary = { id: string; name: string; scope: ApiKeyScope; createdAt: string; lastUsedAt: string | null };
export type CreatedApiKey = Omit<ApiKeySummary, "lastUsedAt"> & { key: string };

const isoOf = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * A server-side call with the owner's id: the plugin lets only the server set a key's permissions (its scope), so the
 * caller's session is checked by the route before this runs.
 */
export async function createApiKey(options: { userId: string } & CreateApiKeyInput): Promise<CreatedApiKey> {
  const created = await getAuth().api.createApiKey({
    body: { name: options.name, userId: options.userId, permissions: permissionsOfScope(options.scope) },
  });
  return { id: created.id, name: created.name ?? options.name, scope: options.scope, key: created.key, createdAt: isoOf(created.createdAt) ?? "" };
}

/** The keys of the session in `headers`, newest first. */
export async function listApiKeys(headers: Headers): Promise<ApiKeySummary[]> {
  const { apiKeys } = await getAuth().api.listApiKeys({ headers, query: { sortBy: "createdAt", sortDirection: "desc" } });
  return apiKeys.map((key) => ({
    id: key.id,
    name: key.name ?? "",
    scope: scopeOfPermissions(key.permissions),
    createdAt: isoOf(key.createdAt) ?? "",
    lastUsedAt: isoOf(key.lastRequest),
  }));
}

/** Deletes the key, so the next request that sends it is refused. False when the session's user has no such key. */
export async function revokeApiKey(options: { headers: Headers; id: string }): Promise<boolean> {
  try {
    await getAuth().api.deleteApiKey({ headers: options.headers, body: { keyId: options.id } });
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { statusCode?: number }).statusCode === 404;
}
