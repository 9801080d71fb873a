"use client";
// The sign-in form; it posts to better-auth so the per-address sign-in rate limit applies.
import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { postCredentials } from "../post-credentials";
import { useCredentialsSubmit } from "../use-credentials-submit";
import { FormError } from "../../_components/form-error";

export function LoginForm({ text }: { text: Dictionary["auth"] }) {
  const { error, pending, handleSubmit } = useCredentialsSubmit({
    submit: (body: Record<string, string>) => postCredentials("sign-in/email", body),
    text,
    bodyOf: (form) => ({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }),
  });

  return (
    <form onSubmit={handleSubmit} className="form-stack" data-testid="login-form">
      <div className="field">
        <label htmlFor="login-email">{text.email}</label>
        <input id="login-email" name="email" type="email" autoComplete="email" required data-testid="login-email" />
      </div>
      <div className="field">
        <label htmlFor="login-password">{text.password}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required data-testid="login-password" />
      </div>
      <FormError message={error} testId="login-error" />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="login-submit">
          {pending ? text.loggingIn : text.logInSubmit}
        </button>
        <span>
          {text.noAccount} <Link href="/signup">{text.signUpSubmit}</Link>
        </span>
      </div>
    </form>
  );
}
