"use client";
// Deleting the account needs the email typed again, so a stray click cannot do it.
import { useActionState } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { deleteAccountAction, type DeleteAccountState } from "./actions";

const idle: DeleteAccountState = { status: "idle" };

export function DeleteAccountForm({ text }: { text: Dictionary["account"] }) {
  const [state, formAction, pending] = useActionState(deleteAccountAction, idle);
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
      {state.status === "mismatch" ? (
        <p className="alert alert-error" role="alert" data-testid="delete-account-error">
          {text.deleteMismatch}
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
