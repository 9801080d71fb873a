// The better-auth instance: email + password accounts over our drizzle schema, bearer tokens, database-stored rate limits.
import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { admin, bearer } from "better-auth/plugins";
import { getDatabase } from "@/db/client";
import { account, rateLimit, session, user, verification } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { unitSystemSchema } from "@/lib/measurements/unit-system";

/** Sign-in attempts allowed per client address per window (product.md). */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 10;
export const SIGN_IN_WINDOW_SECONDS = 60;

function createAuth() {
  const env = getEnv();
  return betterAuth({
    baseURL: env.authUrl,
    secret: env.authSecret,
    trustedOrigins: [env.authUrl],
    database: drizzleAdapter(getDatabase().db, {
      provider: "sqlite",
      schema: { user, session, account, verification, rateLimit },
      // better-sqlite3 transactions are synchronous; the adapter's async ones would commit while reporting failure.
      transaction: false,
    }),
    emailAndPassword: { enabled: true },
    user: {
      additionalFields: {
        // The person's unit preference; values are stored metric whatever it says (error-contract.md §4).
        units: { type: "string", required: false, defaultValue: "metric", input: true, validator: { input: unitSystemSchema } },
      },
    },
    rateLimit: {
      // On in every mode (better-auth enables it only in production by default), and shared by every server process.
      enabled: true,
      storage: "database",
      customRules: {
        "/sign-in/email": { window: SIGN_IN_WINDOW_SECONDS, max: SIGN_IN_ATTEMPTS_PER_WINDOW },
      },
    },
    advanced: {
      // scripts/serve.mjs sets X-Forwarded-For to the TCP peer unless PALESTRA_TRUST_PROXY leaves the proxy's value.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // nextCookies must stay last: it copies the Set-Cookie headers of server-action calls into Next's cookie store.
    plugins: [bearer(), admin(), nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { palestraAuth?: Auth };

/** The process-wide auth instance, built on first use so `next build` never opens the database. */
export function getAuth(): Auth {
  globalForAuth.palestraAuth ??= createAuth();
  return globalForAuth.palestraAuth;
}
