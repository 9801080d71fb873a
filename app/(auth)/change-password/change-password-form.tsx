"use client";
// The forced password change: the one-time password, then the person's own (the policy of product.md).
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { useCredentialsSubmit } from "../use-credentials-submit";
import { changeRequiredPasswordAction } from "./actions";

export function ChangePasswordForm({ text }: { text: Dictionary["auth"] }) {
  const { error, pending, handleSubmit } = useCredentialsSubmit({
    submit: changeRequiredPasswordAction,
    text,
    bodyOf: (form) => ({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") }),
  });

  return (
    <form onSubmit={handleSubmit} className="form-stack" data-testid="change-password-form">
      <div className="field">
        <label htmlFor="change-password-current">{text.oneTimePassword}</label>
        <input
          id="change-password-current"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          data-testid="change-password-current"
        />
      </div>
      <div className="field">
        <label htmlFor="change-password-new">
          {text.newPassword} <span className="field-hint">{text.passwordHint}</span>
        </label>
        <input id="change-password-new" name="newPassword" type="password" autoComplete="new-password" required data-testid="change-password-new" />
      </div>
      {error ? (
        <p className="alert alert-error" role="alert" data-testid="change-password-error">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="change-password-submit">
          {pending ? text.changingPassword : text.changePasswordSubmit}
        </button>
      </div>
    </form>
  );
}
