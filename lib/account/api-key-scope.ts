// What an API key may do, and how that is written in the key's stored permissions; shared by the routes, the
// authenticator and the /account form.
import { z } from "zod";
import { apiKeyScopes, type ApiKeyScope } from "@/lib/store/records";
import { hasControlCharacters } from "@/lib/text/well-formed-text";

// Declared with the port, beside the other stored vocabularies, so lib/i18n can name them without importing lib/account.
export { apiKeyScopes, type ApiKeyScope };
export const apiKeyScopeSchema = z.enum(apiKeyScopes);

/** Tells a key from a better-auth session token in `Authorization: Bearer` (session tokens never start with it). */
export const API_KEY_PREFIX = "pal_";
export const API_KEY_NAME_MAX_LENGTH = 64;

export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the key a name, for example the script or device that will use it.")
  .max(API_KEY_NAME_MAX_LENGTH, `A key's name has at most ${API_KEY_NAME_MAX_LENGTH} characters.`)
  .refine((name) => !hasControlCharacters(name), "A key's name may not hold control characters (other than tab and newline).");

export const createApiKeyInputSchema = z.strictObject({ name: apiKeyNameSchema, scope: apiKeyScopeSchema });
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** The plugin's permission statements: a `read` key holds only "read" on measurements. */
export type ApiKeyPermissions = Record<string, string[]>;

export function permissionsOfScope(scope: ApiKeyScope): ApiKeyPermissions {
  return { measurements: scope === "read" ? ["read"] : ["read", "write"] };
}

/** Anything but an explicit write grant reads as `read`: a damaged or foreign row never gains writes. */
export function scopeOfPermissions(permissions: unknown): ApiKeyScope {
  const statements = permissions && typeof permissions === "object" ? (permissions as Record<string, unknown>).measurements : undefined;
  return Array.isArray(statements) && statements.includes("write") ? "read_write" : "read";
}
