// /signup: create an account with email and password.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
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
  return (
    <section className="card narrow" aria-labelledby="signup-title">
      <h1 id="signup-title">{dictionary.auth.signUpTitle}</h1>
      <SignupForm text={dictionary.auth} />
    </section>
  );
}
