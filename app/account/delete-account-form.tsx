"use client";
// Deleting the account needs the email typed again, so a stray click cannot do it, and the current password, so a
// stolen session cannot.
import { useActionState } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { AccountFormText } from "./account-text";
import { deleteAccountAction, type DeleteAccountState } from "./actions";

const idle: DeleteAccountState = { status: "idle" };

type RateLimitedText = Dictionary["auth"]["rateLimited"];

function errorOf(state: DeleteAccountState, text: Dictionary["account"], settings: AccountFormText, rateLimited: RateLimitedText): string | null {
  switch (state.status) {
    case "mismatch":
      return text.deleteMismatch;
    case "wrong_password":
      return settings.wrongPassword;
    case "rate_limited":
      return formatMessage(rateLimited, { seconds: state.retryAfterSeconds });
    case "failed":
      return formatMessage(settings.unexpectedError, { status: state.httpStatus });
    default:
      return null;
  }
}

export function DeleteAccountForm({ text, settings, rateLimited }: { text: Dictionary["account"]; settings: AccountFormText; rateLimited: RateLimitedText }) {
  const [state, formAction, pending] = useActionState(deleteAccountAction, idle);
  const error = errorOf(state, text, settings, rateLimited);
  return (
    <form action={formAction} className="form-stack" data-testid="delete-account-form">
      <div className="field">
        <label htmlFor="confirm-email">{text.deleteConfirmLabel}</label>
        <input
          id="confirm-email"
          name="confirmEmail"
          type="email"
          autoComplete="off"
          required
          aria-invalid={state.status === "mismatch" ? true : undefined}
          data-testid="delete-account-confirm"
        />
      </div>
      <div className="field">
        <label htmlFor="delete-account-password">{settings.currentPasswordLabel}</label>
        <input
          id="delete-account-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={state.status === "wrong_password" ? true : undefined}
          data-testid="delete-account-password"
        />
      </div>
      {error ? (
        <p className="alert alert-error" role="alert" data-testid="delete-account-error">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={pending} data-testid="delete-account-submit">
          {text.deleteSubmit}
        </button>
      </div>
    </form>
  );
}
