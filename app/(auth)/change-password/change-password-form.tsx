"use client";
// The forced password change: the one-time password, then the person's own (the policy of product.md).
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { useCredentialsSubmit } from "../use-credentials-submit";
import { changeRequiredPasswordAction } from "./actions";
import { FormError } from "../../_components/form-error";
import { NewPasswordField } from "../../_components/new-password-field";

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
      <NewPasswordField id="change-password-new" name="newPassword" label={text.newPassword} hint={text.passwordHint} testId="change-password-new" />
      <FormError message={error} testId="change-password-error" />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="change-password-submit">
          {pending ? text.changingPassword : text.changePasswordSubmit}
        </button>
      </div>
    </form>
  );
}
