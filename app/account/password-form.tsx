"use client";
// Changing the password: the current one, the new one (the policy's reason in plain words when it is refused), and
// whether to sign out the other devices.
import { useActionState } from "react";
import { formatMessage } from "@/lib/i18n/format-message";
import type { AccountFormText, PasswordPolicyText } from "./account-text";
import { changePasswordAction, type PasswordState } from "./profile-actions";
import { FormError } from "../_components/form-error";
import { NewPasswordField } from "../_components/new-password-field";

const idle: PasswordState = { status: "idle" };

function errorOf(state: PasswordState, text: AccountFormText, policy: PasswordPolicyText): string | null {
  if (state.status !== "refused") return null;
  const { code, warning, status, retryAfterSeconds } = state.refusal;
  if (status === 429) return formatMessage(policy.rateLimited, { seconds: retryAfterSeconds ?? 60 });
  switch (code) {
    case "INVALID_PASSWORD":
      return text.wrongPassword;
    case "PASSWORD_SAME_AS_CURRENT":
      return text.passwordSameAsCurrent;
    case "PASSWORD_TOO_SHORT":
      return policy.passwordTooShort;
    case "PASSWORD_CONTAINS_EMAIL":
      return policy.passwordContainsEmail;
    case "PASSWORD_TOO_GUESSABLE":
      return warning ? `${policy.passwordTooGuessable} ${warning}` : policy.passwordTooGuessable;
    default:
      return formatMessage(text.unexpectedError, { status });
  }
}

export function PasswordForm({ text, policy }: { text: AccountFormText; policy: PasswordPolicyText }) {
  const [state, formAction, pending] = useActionState(changePasswordAction, idle);
  const error = errorOf(state, text, policy);
  const refusedCurrent = state.status === "refused" && state.refusal.code === "INVALID_PASSWORD";
  return (
    <form action={formAction} className="form-stack" data-testid="password-form" key={state.status === "saved" ? "saved" : "form"}>
      <div className="field">
        <label htmlFor="account-current-password">{text.currentPasswordLabel}</label>
        <input
          id="account-current-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={refusedCurrent ? true : undefined}
          data-testid="password-current"
        />
      </div>
      <NewPasswordField
        id="account-new-password"
        name="newPassword"
        label={text.newPasswordLabel}
        hint={policy.passwordHint}
        testId="password-new"
        invalid={Boolean(error) && !refusedCurrent}
      />
      <label className="choice">
        <input type="checkbox" name="revokeOtherSessions" defaultChecked data-testid="password-revoke-others" />
        <span>{text.signOutOthersOnChange}</span>
      </label>
      <FormError message={error} testId="password-error" />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="password-submit">
          {text.passwordSave}
        </button>
        <p role="status" className="form-status" data-testid="password-status">
          {state.status === "saved" ? (state.othersSignedOut ? text.passwordSavedOthersOut : text.passwordSaved) : null}
        </p>
      </div>
    </form>
  );
}
