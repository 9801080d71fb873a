"use client";
// The sign-up form: better-auth creates the account, then the form signs in with it (post-credentials.ts says why).
// No minLength on the password: the server's reason, in the page's language, says what is wrong with it.
import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { signUpThenSignIn } from "../post-credentials";
import { useCredentialsSubmit } from "../use-credentials-submit";
import { FormError } from "../../_components/form-error";
import { NewPasswordField } from "../../_components/new-password-field";

export function SignupForm({ text }: { text: Dictionary["auth"] }) {
  const { error, pending, handleSubmit } = useCredentialsSubmit({
    submit: signUpThenSignIn,
    text,
    bodyOf: (form) => {
      const email = String(form.get("email") ?? "").trim();
      const name = String(form.get("name") ?? "").trim() || email.split("@")[0] || email;
      return { name, email, password: String(form.get("password") ?? "") };
    },
  });

  return (
    <form onSubmit={handleSubmit} className="form-stack" data-testid="signup-form">
      <div className="field">
        <label htmlFor="signup-name">{text.name}</label>
        <input id="signup-name" name="name" type="text" autoComplete="name" maxLength={100} data-testid="signup-name" />
      </div>
      <div className="field">
        <label htmlFor="signup-email">{text.email}</label>
        <input id="signup-email" name="email" type="email" autoComplete="email" required data-testid="signup-email" />
      </div>
      <NewPasswordField id="signup-password" name="password" label={text.password} hint={text.passwordHint} testId="signup-password" />
      <FormError message={error} testId="signup-error" />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="signup-submit">
          {pending ? text.signingUp : text.signUpSubmit}
        </button>
        <span>
          {text.haveAccount} <Link href="/login">{text.logInSubmit}</Link>
        </span>
      </div>
    </form>
  );
}
