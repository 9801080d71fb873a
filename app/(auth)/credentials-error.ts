// Turns a failed better-auth call into the sentence the person reads.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { CredentialsFailure } from "./post-credentials";

export function credentialsErrorMessage(result: CredentialsFailure, text: Dictionary["auth"]): string {
  if (result.status === 429) return formatMessage(text.rateLimited, { seconds: result.retryAfterSeconds ?? 60 });
  switch (result.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return text.invalidCredentials;
    case "SIGN_UP_NOT_SIGNED_IN":
      return text.signUpNotSignedIn;
    case "SIGN_UP_CLOSED":
      return text.signUpClosed;
    case "PASSWORD_TOO_SHORT":
      return text.passwordTooShort;
    case "PASSWORD_CONTAINS_EMAIL":
      return text.passwordContainsEmail;
    case "PASSWORD_TOO_GUESSABLE":
      // The estimator's reason ("This is a commonly used password.") says what in particular gave it away.
      return result.warning ? `${text.passwordTooGuessable} ${result.warning}` : text.passwordTooGuessable;
    case "INVALID_PASSWORD":
      return text.invalidCurrentPassword;
    case "PASSWORD_SAME_AS_CURRENT":
      return text.passwordSameAsCurrent;
    case "BANNED_USER":
      return text.accountDisabled;
    case "INVALID_EMAIL":
      return text.invalidEmail;
    case "NAME_HAS_CONTROL_CHARACTERS":
      return text.nameHasControlCharacters;
    default:
      return result.status === 401 ? text.invalidCredentials : formatMessage(text.unexpectedError, { status: result.status });
  }
}
