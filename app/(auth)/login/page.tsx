// /login: email and password; signed-in visitors go straight to the Coach.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDictionary } from "@/lib/i18n/get-locale";
import { getSessionUser } from "@/lib/session";
import { LoginForm } from "./login-form";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.auth.logInTitle };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ deleted?: string }> }) {
  if (await getSessionUser()) redirect("/");
  const { dictionary } = await getDictionary();
  const { deleted } = await searchParams;
  return (
    <section className="card narrow" aria-labelledby="login-title">
      <h1 id="login-title">{dictionary.auth.logInTitle}</h1>
      {deleted === "1" ? (
        <p className="alert alert-success" role="status" data-testid="account-deleted-notice">
          {dictionary.auth.accountDeleted}
        </p>
      ) : null}
      <LoginForm text={dictionary.auth} />
    </section>
  );
}
