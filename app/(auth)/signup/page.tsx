// /signup: create an account with email and password, or, on a closed instance that has accounts, say who creates them.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getStore } from "@/lib/scope/get-store";
import { countUsers } from "@/lib/account/count-users";
import { getEnv } from "@/lib/env";
import { getDictionary } from "@/lib/i18n/get-locale";
import { getSessionUser } from "@/lib/session";
import { SignupForm } from "./signup-form";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.auth.signUpTitle };
}

export default async function SignupPage() {
  if (await getSessionUser()) redirect("/");
  const { dictionary } = await getDictionary();
  const accounts = await countUsers(getStore());
  const closed = getEnv().PALESTRA_SIGNUP === "closed" && accounts > 0;
  return (
    <section className="card narrow" aria-labelledby="signup-title">
      <h1 id="signup-title">{dictionary.auth.signUpTitle}</h1>
      {closed ? (
        <>
          <p className="alert alert-warning" role="status" data-testid="signup-closed">
            {dictionary.auth.signUpClosed}
          </p>
          <p>
            {dictionary.auth.haveAccount} <Link href="/login">{dictionary.auth.logInSubmit}</Link>
          </p>
        </>
      ) : (
        <>
          {accounts === 0 ? (
            <p className="page-intro" data-testid="signup-first-account">
              {dictionary.auth.firstAccount}
            </p>
          ) : null}
          <SignupForm text={dictionary.auth} />
        </>
      )}
    </section>
  );
}
