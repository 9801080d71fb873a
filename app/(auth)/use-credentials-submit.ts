"use client";
// The submit flow both credential forms share: post to better-auth, refresh on success, show a localized error otherwise.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { credentialsErrorMessage } from "./credentials-error";
import type { CredentialsResult } from "./post-credentials";

export function useCredentialsSubmit<Body>(options: {
  submit: (body: Body) => Promise<CredentialsResult>;
  text: Dictionary["auth"];
  bodyOf: (form: FormData) => Body;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(body: Body) {
    setPending(true);
    setError(null);
    const result = await options.submit(body);
    if (result.ok) {
      // The page itself redirects signed-in people; refreshing also renders the header again with the session.
      router.refresh();
      return;
    }
    setError(credentialsErrorMessage(result, options.text));
    setPending(false);
  }

  /** React calls a form's onSubmit for its side effects only: the submission runs on, its errors shown by `submit`. */
  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void submit(options.bodyOf(new FormData(event.currentTarget)));
  }

  return { error, pending, handleSubmit };
}
