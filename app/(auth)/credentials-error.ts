// Turns a failed better-auth call into the sentence the person reads.
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import type { CredentialsResult } from "./post-credentials";

export function credentialsErrorMessage(result: Extract<CredentialsResult, { ok: false }>, text: Dictionary["auth"]): string {
  if (result.status === 429) return formatMessage(text.rateLimited, { seconds: result.retryAfterSeconds ?? 60 });
  switch (result.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return text.invalidCredentials;
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return text.emailTaken;
    case "PASSWORD_TOO_SHORT":
      return text.passwordTooShort;
    case "INVALID_EMAIL":
      return text.invalidEmail;
    default:
      return result.status === 401 ? text.invalidCredentials : formatMessage(text.unexpectedError, { status: result.status });
  }
}
