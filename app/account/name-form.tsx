"use client";
// The person's name, as the header and exports show it.
import { useActionState } from "react";
import { formatSentence } from "@/lib/i18n/format-message";
import type { AccountFormText } from "./account-text";
import { changeNameAction, type NameState } from "./profile-actions";

const idle: NameState = { status: "idle" };

export function NameForm({ name, text }: { name: string; text: AccountFormText }) {
  const [state, formAction, pending] = useActionState(changeNameAction, idle);
  return (
    <form action={formAction} className="form-stack" data-testid="name-form">
      <div className="field">
        <label htmlFor="account-name">{text.nameLabel}</label>
        <input
          id="account-name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={name}
          aria-invalid={state.status === "invalid" ? true : undefined}
          data-testid="name-input"
        />
      </div>
      {state.status === "invalid" ? (
        <p className="alert alert-error" role="alert" data-testid="name-error">
          {text.nameInvalid}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="name-submit">
          {text.nameSave}
        </button>
        <p role="status" className="form-status" data-testid="name-status">
          {state.status === "saved" ? formatSentence(text.nameSaved, { name: state.name }) : null}
        </p>
      </div>
    </form>
  );
}
