"use client";
// The sign-in form; it posts to better-auth so the per-address sign-in rate limit applies.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { credentialsErrorMessage } from "../credentials-error";
import { postCredentials } from "../post-credentials";

export function LoginForm({ text }: { text: Dictionary["auth"] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await postCredentials("sign-in/email", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
    if (result.ok) {
      // The page itself redirects signed-in people; refreshing also renders the header again with the session.
      router.refresh();
      return;
    }
    setError(credentialsErrorMessage(result, text));
    setPending(false);
  }

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
      {error ? (
        <p className="alert alert-error" role="alert" data-testid="login-error">
          {error}
        </p>
      ) : null}
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
