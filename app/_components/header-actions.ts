"use server";
// Server actions of the header: choose the UI language and the colour theme, sign out.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getAuth } from "@/lib/account/get-auth";
import { LOCALE_COOKIE } from "@/lib/i18n/get-locale";
import { locales } from "@/lib/i18n/locale";
import { THEME_COOKIE, themeChoiceSchema } from "@/lib/theme";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const localeFormSchema = z.object({ locale: z.enum(locales) });

export async function setLocaleAction(formData: FormData): Promise<void> {
  const parsed = localeFormSchema.safeParse({ locale: formData.get("locale") });
  if (!parsed.success) return;
  // Readable by the page's script (a preference, not a secret): the root error page has no server request to ask.
  (await cookies()).set(LOCALE_COOKIE, parsed.data.locale, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax", httpOnly: false });
}

const themeFormSchema = z.object({ theme: themeChoiceSchema });

/** "system" removes the cookie, so the page follows the device's setting again. */
export async function setThemeAction(formData: FormData): Promise<void> {
  const parsed = themeFormSchema.safeParse({ theme: formData.get("theme") });
  if (!parsed.success) return;
  const store = await cookies();
  if (parsed.data.theme === "system") store.delete(THEME_COOKIE);
  else store.set(THEME_COOKIE, parsed.data.theme, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax", httpOnly: true });
}

export async function signOutAction(): Promise<void> {
  // Deletes the session row and, through the nextCookies plugin, the session cookies.
  await getAuth().api.signOut({ headers: await headers() });
  redirect("/login");
}
