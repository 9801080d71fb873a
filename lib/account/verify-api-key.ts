// Checks an API key through better-auth's API-key plugin (hash lookup, stamps "last used") and finds its owner.
import "server-only";
import { getAuth } from "@/lib/account/get-auth";
import { parseUnitSystem } from "@/lib/measurements/unit-system";
import type { SessionUser } from "@/lib/account/session-user";
import { scopeOfPermissions, type ApiKeyScope } from "./api-key-scope";

export type VerifiedApiKey = { id: string; scope: ApiKeyScope; user: SessionUser };

/** True while an admin's ban holds (a ban past its expiry no longer counts, as the admin plugin's sign-in sees it). */
function isBanned(user: { banned?: boolean | null; banExpires?: Date | string | null }): boolean {
  if (!user.banned) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > Date.now();
}

/** The key's id, scope and owner; null for an unknown, revoked or disabled key, or an owner whose account is disabled. */
export async function verifyApiKey(key: string): Promise<VerifiedApiKey | null> {
  const auth = getAuth();
  const result = await auth.api.verifyApiKey({ body: { key } });
  if (!result.valid || !result.key) return null;
  const owner = await (await auth.$context).internalAdapter.findUserById(result.key.referenceId);
  if (!owner || isBanned(owner as { banned?: boolean | null; banExpires?: Date | null })) return null;
  return {
    id: result.key.id,
    scope: scopeOfPermissions(result.key.permissions),
    user: {
      id: owner.id,
      email: owner.email,
      name: owner.name,
      units: parseUnitSystem((owner as { units?: unknown }).units),
      passwordChangeRequired: (owner as { passwordChangeRequired?: unknown }).passwordChangeRequired === true,
    },
  };
}
