// /change-password: where a person signed in with an administrator's one-time password must choose their own before
// anything else opens (every other page and action sends them here; the API answers 403 password_change_required).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUserAllowingPasswordChange } from "@/lib/session";
import { ChangePasswordForm } from "./change-password-form";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.auth.changePasswordTitle };
}

export default async function ChangePasswordPage() {
  const user = await requireUserAllowingPasswordChange();
  if (!user.passwordChangeRequired) redirect("/");
  const { dictionary } = await getDictionary();
  return (
    <section className="card narrow" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{dictionary.auth.changePasswordTitle}</h1>
      <p>{dictionary.auth.changePasswordIntro}</p>
      <ChangePasswordForm text={dictionary.auth} />
    </section>
  );
}
