// The better-auth instance: email + password accounts over our drizzle schema, bearer tokens, API keys, database-stored
// rate limits.
import "server-only";
import { apiKey } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { nextCookies } from "better-auth/next-js";
import { admin, bearer } from "better-auth/plugins";
import { countUsers } from "@/lib/account/count-users";
import { API_KEY_NAME_MAX_LENGTH, API_KEY_PREFIX } from "@/lib/account/api-key-scope";
import { authGuards, type SessionLookup } from "@/lib/account/auth-guards";
import { passwordAttemptGuard } from "@/lib/account/password-attempt-guard";
import { MIN_PASSWORD_LENGTH } from "@/lib/account/password-length";
import { getEnv } from "@/lib/env";
import { logBetterAuthMessage } from "@/lib/observability/better-auth-log";
import { getStore } from "@/lib/scope/get-store";
import { unitSystemSchema } from "@/lib/measurements/unit-system-schema";

/** Sign-in attempts allowed per client address per window. */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 10;
export const SIGN_IN_WINDOW_SECONDS = 60;
/**
 * Sign-ups per client address per window. better-auth's default (3 per 10 s) ran out while a person tried passwords
 * the policy refused; each attempt costs a password hash and a strength estimate, so the limit stays.
 */
export const SIGN_UP_ATTEMPTS_PER_WINDOW = 10;
export const SIGN_UP_WINDOW_SECONDS = 60;

/** For authGuards: who a request's headers sign in as (cookie or bearer), through the instance itself. */
async function sessionOfHeaders(headers: Headers): ReturnType<SessionLookup> {
  const result = await getAuth().api.getSession({ headers });
  return result ? { user: { email: result.user.email, name: result.user.name } } : null;
}

/** For passwordAttemptGuard: the account a request's headers sign in as. */
async function accountOfHeaders(headers: Headers): Promise<{ userId: string } | null> {
  const result = await getAuth().api.getSession({ headers });
  return result ? { userId: result.user.id } : null;
}

/**
 * API keys for scripts, shortcuts and MCP clients: a recognizable prefix tells one from a session token in `Authorization:
 * Bearer`; stored as SHA-256 (the plugin's default); no expiry, quota or per-key rate limit (the plugin's default of 10
 * requests a day would lock a script out), so every verification only stamps "last used". A key never stands in for a
 * session on better-auth's own endpoints (enableSessionForAPIKeys stays off), so it cannot change a password or make keys.
 */
const apiKeyOptions = {
  defaultPrefix: API_KEY_PREFIX,
  defaultKeyLength: 48,
  requireName: true,
  maximumNameLength: API_KEY_NAME_MAX_LENGTH,
  rateLimit: { enabled: false },
  enableMetadata: false,
} as const;

function createAuth() {
  const env = getEnv();
  return betterAuth({
    baseURL: env.authUrl,
    secret: env.authSecret,
    trustedOrigins: [env.authUrl],
    database: getStore().authDatabase,
    // One JSON line per message, like the rest of the log; a refused API key is logged once by its caller.
    logger: { log: logBetterAuthMessage },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // better-auth's enumeration protection: without auto sign-in, sign-up answers an existing email exactly as a new
      // one (200, no session, a user shaped like a real one), after hashing the password so the timing matches too.
      // The sign-up form signs in next, as a person would.
      autoSignIn: false,
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        // The admin plugin's columns, as a newly created account has them.
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The first account of an empty instance administers it.
          // Any later one keeps the role it was created with (the admin plugin's "user", or an admin's choice).
          before: async (data) => ((await countUsers(getStore())) === 0 ? { data: { ...data, role: "admin" } } : undefined),
        },
      },
    },
    user: {
      // No mail is sent by Palestra, so an address is never verified: the change applies at once, behind the current
      // password (app/account/profile-actions.ts checks it first). An address another account holds changes nothing.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      additionalFields: {
        // The person's unit preference; values are stored metric whatever it says.
        units: { type: "string", required: false, defaultValue: "metric", input: true, validator: { input: unitSystemSchema } },
        // Set by the admin command with a one-time password; cleared by the forced change (app/(auth)/change-password).
        passwordChangeRequired: { type: "boolean", required: false, defaultValue: false, input: false, fieldName: "passwordChangeRequired" },
      },
    },
    // A session's "last active" on /account is its updated_at, which better-auth moves when it extends the session: at
    // most once an hour per session (its default, once a day, would say "yesterday" for a device in use right now).
    session: { updateAge: 60 * 60 },
    rateLimit: {
      // On in every mode (better-auth enables it only in production by default), and shared by every server process.
      enabled: true,
      storage: "database",
      customRules: {
        "/sign-in/email": { window: SIGN_IN_WINDOW_SECONDS, max: SIGN_IN_ATTEMPTS_PER_WINDOW },
        "/sign-up/email": { window: SIGN_UP_WINDOW_SECONDS, max: SIGN_UP_ATTEMPTS_PER_WINDOW },
      },
    },
    advanced: {
      // scripts/serve.mjs sets X-Forwarded-For to the TCP peer unless PALESTRA_TRUST_PROXY leaves the proxy's value.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // nextCookies must stay last: it copies the Set-Cookie headers of server-action calls into Next's cookie store.
    // bearer: a token must carry the signature made with the secret (the set-auth-token header, as the cookie does),
    // so a token read from the session table is useless on its own. authGuards: the sign-up gate and the password
    // policy, before passwordAttemptGuard counts an attempt (a refused new password checks no current one).
    plugins: [
      bearer({ requireSignature: true }),
      admin(),
      apiKey(apiKeyOptions),
      authGuards({ sessionOf: sessionOfHeaders }),
      passwordAttemptGuard({ accountOf: accountOfHeaders }),
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { palestraAuth?: Auth };

/** The process-wide auth instance, built on first use so `next build` never opens the database. */
export function getAuth(): Auth {
  globalForAuth.palestraAuth ??= createAuth();
  return globalForAuth.palestraAuth;
}

/** Forgets the instance (tests give each case its own database and environment). */
export function resetAuthForTests(): void {
  globalForAuth.palestraAuth = undefined;
}
