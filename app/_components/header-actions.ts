"use server";
// Server actions of the header: choose the UI language, sign out.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getAuth } from "@/lib/auth";
import { LOCALE_COOKIE } from "@/lib/i18n/get-locale";
import { locales } from "@/lib/i18n/locale";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const localeFormSchema = z.object({ locale: z.enum(locales) });

export async function setLocaleAction(formData: FormData): Promise<void> {
  const parsed = localeFormSchema.safeParse({ locale: formData.get("locale") });
  if (!parsed.success) return;
  (await cookies()).set(LOCALE_COOKIE, parsed.data.locale, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax", httpOnly: true });
}

export async function signOutAction(): Promise<void> {
  // Deletes the session row and, through the nextCookies plugin, the session cookies.
  await getAuth().api.signOut({ headers: await headers() });
  redirect("/login");
}
