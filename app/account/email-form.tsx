"use client";
// Changing the sign-in email: the new address and the current password.
import { useActionState } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { AccountFormText } from "./account-text";
import { changeEmailAction, type EmailState } from "./profile-actions";
import { FormError } from "../_components/form-error";

const idle: EmailState = { status: "idle" };

type RateLimitedText = Dictionary["auth"]["rateLimited"];

/** `rateLimited`: sign-in's words for its limit, which the current-password limit shares. */
function errorOf(state: EmailState, text: AccountFormText, rateLimited: RateLimitedText): string | null {
  switch (state.status) {
    case "invalid":
      return text.emailInvalid;
    case "same":
      return text.emailSame;
    case "wrong_password":
      return text.wrongPassword;
    case "unavailable":
      return text.emailUnavailable;
    case "rate_limited":
      return formatMessage(rateLimited, { seconds: state.retryAfterSeconds });
    case "failed":
      return formatMessage(text.unexpectedError, { status: state.httpStatus });
    default:
      return null;
  }
}

export function EmailForm({ text, rateLimited }: { text: AccountFormText; rateLimited: RateLimitedText }) {
  const [state, formAction, pending] = useActionState(changeEmailAction, idle);
  const error = errorOf(state, text, rateLimited);
  return (
    // key: a saved change empties the form (the new address is shown above it).
    <form action={formAction} className="form-stack" data-testid="email-form" key={state.status === "saved" ? state.email : "form"}>
      <div className="field">
        <label htmlFor="account-new-email">{text.newEmailLabel}</label>
        <input id="account-new-email" name="email" type="email" autoComplete="email" required maxLength={254} data-testid="email-input" />
      </div>
      <div className="field">
        <label htmlFor="account-email-password">{text.currentPasswordLabel}</label>
        <input
          id="account-email-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          data-testid="email-current-password"
          aria-invalid={state.status === "wrong_password" ? true : undefined}
        />
      </div>
      <FormError message={error} testId="email-error" />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="email-submit">
          {text.emailSave}
        </button>
        <p role="status" className="form-status" data-testid="email-status">
          {state.status === "saved" ? formatMessage(text.emailSaved, { email: state.email }) : null}
        </p>
      </div>
    </form>
  );
}
