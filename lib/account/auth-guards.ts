// A better-auth plugin: the sign-up gate (PALESTRA_SIGNUP) and the password policy, for every path that sets a
// password, checked before the endpoint runs so a refusal is the same whether or not the email has an account.
import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { getStore } from "@/lib/scope/get-store";
import { getEnv } from "@/lib/env";
import { localeOfHeaders } from "@/lib/i18n/locale-of-headers";
import { countUsers } from "./count-users";
import { hasControlCharacters } from "@/lib/text/well-formed-text";
import { checkPassword, MIN_PASSWORD_LENGTH, type PasswordProblem } from "./password-policy";

/** The error codes the forms translate; PASSWORD_TOO_SHORT is better-auth's own. */
export const passwordErrorCodes: Record<PasswordProblem, string> = {
  too_short: "PASSWORD_TOO_SHORT",
  contains_email: "PASSWORD_CONTAINS_EMAIL",
  too_guessable: "PASSWORD_TOO_GUESSABLE",
};
export const SIGN_UP_CLOSED = "SIGN_UP_CLOSED";
export const NAME_HAS_CONTROL_CHARACTERS = "NAME_HAS_CONTROL_CHARACTERS";

/** The paths that take a name a person typed: an account's display name or an API key's name. */
const namedPaths = new Set(["/sign-up/email", "/update-user", "/admin/create-user", "/admin/update-user", "/api-key/create", "/api-key/update"]);

const passwordMessages: Record<PasswordProblem, string> = {
  too_short: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  contains_email: "The password must not contain the part of the email before the @.",
  too_guessable: "The password is too easy to guess: use a longer one, for example a few unrelated words.",
};

type Body = Record<string, unknown>;
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
/** The signed-in user of a request's headers, cookie or bearer token alike. */
export type SessionLookup = (headers: Headers) => Promise<{ user: { email: string; name: string } } | null>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

async function emailOfUser(context: HookContext, userId: string): Promise<string | null> {
  return (await context.context.internalAdapter.findUserById(userId))?.email ?? null;
}

/** The new password a path sets and whose email it belongs to; null when the endpoint will refuse the call itself. */
async function passwordBeingSet(context: HookContext, sessionOf: SessionLookup): Promise<{ password: string; email: string; name?: string } | null> {
  const body = (context.body ?? {}) as Body;
  switch (context.path) {
    case "/sign-up/email":
    case "/admin/create-user":
      return typeof body.password === "string" ? { password: body.password, email: text(body.email), name: text(body.name) } : null;
    case "/change-password":
    case "/set-password": {
      const headers = context.request?.headers ?? context.headers;
      const session = headers ? await sessionOf(headers).catch(() => null) : null;
      return session && typeof body.newPassword === "string" ? { password: body.newPassword, email: session.user.email, name: session.user.name } : null;
    }
    case "/reset-password": {
      const token = text(body.token) || text((context.query as Body | undefined)?.token);
      const verification = token ? await context.context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
      const email = verification ? await emailOfUser(context, verification.value) : null;
      return email && typeof body.newPassword === "string" ? { password: body.newPassword, email } : null;
    }
    case "/admin/set-user-password": {
      const email = typeof body.userId === "string" ? await emailOfUser(context, body.userId) : null;
      return email && typeof body.newPassword === "string" ? { password: body.newPassword, email } : null;
    }
    default:
      return null;
  }
}

const guardedPaths = new Set(["/sign-up/email", "/admin/create-user", "/change-password", "/set-password", "/reset-password", "/admin/set-user-password"]);

const guardAuthRequest = (sessionOf: SessionLookup) =>
  createAuthMiddleware(async (context) => {
    const name = ((context.body ?? {}) as Body).name;
    if (namedPaths.has(context.path) && typeof name === "string" && hasControlCharacters(name)) {
      throw new APIError("BAD_REQUEST", {
        code: NAME_HAS_CONTROL_CHARACTERS,
        message: "A name may not hold control characters (other than tab and newline).",
      });
    }
    if (context.path === "/sign-up/email" && getEnv().PALESTRA_SIGNUP === "closed" && (await countUsers(getStore())) > 0) {
      throw new APIError("FORBIDDEN", { code: SIGN_UP_CLOSED, message: "Sign-ups are closed on this instance: an administrator creates accounts." });
    }
    const candidate = await passwordBeingSet(context, sessionOf);
    if (!candidate) return;
    const verdict = await checkPassword({ ...candidate, locale: localeOfHeaders(context.headers) });
    if (verdict.ok) return;
    throw new APIError("BAD_REQUEST", {
      code: passwordErrorCodes[verdict.problem],
      message: passwordMessages[verdict.problem],
      // The estimator's own reason and suggestions, in the caller's language, for the form to show under the sentence.
      ...(verdict.warning ? { warning: verdict.warning } : {}),
      suggestions: verdict.suggestions,
    });
  });

/**
 * The session comes from `sessionOf` (the auth instance's own getSession) because before-hooks all see the request as
 * sent: bearer()'s hook turns `Authorization: Bearer` into the session cookie for the endpoint only, so reading the
 * cookie here would miss a change-password sent by a script.
 */
export function authGuards(options: { sessionOf: SessionLookup }): BetterAuthPlugin {
  return {
    id: "palestra-auth-guards",
    hooks: {
      before: [
        {
          matcher: (context) => guardedPaths.has(context.path ?? "") || namedPaths.has(context.path ?? ""),
          handler: guardAuthRequest(options.sessionOf),
        },
      ],
    },
  };
}
