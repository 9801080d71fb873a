// A better-auth plugin: every endpoint that checks the current password (verify-password, which the account page's
// email change and deletion call; change-password; delete-user) is limited per account and per client address
// (lib/rate-limit/password-attempts.ts), answers 429 with Retry-After past the limit, and logs each wrong password as
// one line with the account id. Being a hook, it holds for the server actions and for direct HTTP calls alike.
import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { logEvent } from "@/lib/observability/logger";
import { clientAddressOf } from "@/lib/rate-limit/client-address";
import { admitPasswordAttempt, settlePasswordAttempt, type PasswordAttempt } from "@/lib/rate-limit/password-attempts";
import { getStore } from "@/lib/scope/get-store";

/** The refusal's code; the account page shows sign-in's words for it. */
export const TOO_MANY_PASSWORD_ATTEMPTS = "TOO_MANY_PASSWORD_ATTEMPTS";
export const EMAIL_CHANGE_NEEDS_PASSWORD = "EMAIL_CHANGE_NEEDS_PASSWORD";

/** The endpoints that compare a password the caller typed with the stored one (add any new one here). */
export const currentPasswordPaths: ReadonlySet<string> = new Set(["/verify-password", "/change-password", "/delete-user"]);

/** The account id a request's headers sign in as (cookie or bearer, through the auth instance). */
export type AccountLookup = (headers: Headers) => Promise<{ userId: string } | null>;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The admitted attempt of each call in flight, from its before hook to its after hook. */
const attempts = new WeakMap<object, PasswordAttempt>();

function headersOf(context: HookContext): Headers {
  return context.request?.headers ?? context.headers ?? new Headers();
}

const admitAttempt = (accountOf: AccountLookup) =>
  createAuthMiddleware(async (context) => {
    // changeEmail needs no password in better-auth; the account page asks for it (verify-password, limited here) and
    // then calls changeEmail in-process. Over HTTP a stolen session would skip that check, so it is refused there.
    if (context.path === "/change-email") {
      if (!context.request) return;
      throw new APIError("FORBIDDEN", { code: EMAIL_CHANGE_NEEDS_PASSWORD, message: "Change the email on the account page, with the current password." });
    }
    const headers = headersOf(context);
    const account = await accountOf(headers).catch(() => null);
    // No session: the endpoint answers 401 itself, having checked no password.
    if (!account) return;
    const admission = await admitPasswordAttempt({ store: getStore(), userId: account.userId, address: clientAddressOf(headers) });
    if (!admission.allowed) {
      logEvent("warn", "password-check-refused", { user_id: account.userId, path: context.path, retry_after_seconds: admission.retryAfterSeconds });
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: TOO_MANY_PASSWORD_ATTEMPTS, message: "Too many wrong passwords. Try again later.", retryAfterSeconds: admission.retryAfterSeconds },
        { "retry-after": String(admission.retryAfterSeconds) },
      );
    }
    attempts.set(context.context, admission.attempt);
  });

function isWrongPassword(returned: unknown): boolean {
  const body = (returned as { body?: { code?: unknown } } | null)?.body;
  return returned instanceof Error && body?.code === "INVALID_PASSWORD";
}

const settleAttempt = createAuthMiddleware(async (context) => {
  const attempt = attempts.get(context.context);
  if (!attempt) return;
  attempts.delete(context.context);
  const wrong = isWrongPassword(context.context.returned);
  if (wrong) logEvent("warn", "password-check-failed", { user_id: attempt.userId, path: context.path });
  await settlePasswordAttempt({ store: getStore(), attempt, wrong });
});

export function passwordAttemptGuard(options: { accountOf: AccountLookup }): BetterAuthPlugin {
  const guarded = (context: { path?: string }) => currentPasswordPaths.has(context.path ?? "");
  return {
    id: "palestra-password-attempts",
    hooks: {
      before: [{ matcher: (context) => guarded(context) || context.path === "/change-email", handler: admitAttempt(options.accountOf) }],
      after: [{ matcher: guarded, handler: settleAttempt }],
    },
  };
}
