"use server";
// Name, email and password changes, each through better-auth's own endpoint (updateUser, changeEmail, changePassword)
// with the person's session; email and password need the current password.
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { authRefusalOf, type AuthRefusal } from "@/lib/account/auth-error";
import { getAuth } from "@/lib/account/get-auth";
import { requireUser } from "@/lib/session";
import { hasControlCharacters } from "@/lib/text/well-formed-text";

export type NameState = { status: "idle" } | { status: "saved"; name: string } | { status: "invalid" };

const nameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((name) => !hasControlCharacters(name)),
});

export async function changeNameAction(_previous: NameState, formData: FormData): Promise<NameState> {
  await requireUser();
  const form = nameSchema.safeParse({ name: formData.get("name") });
  if (!form.success) return { status: "invalid" };
  await getAuth().api.updateUser({ body: { name: form.data.name }, headers: await headers() });
  revalidatePath("/account");
  return { status: "saved", name: form.data.name };
}

export type EmailState =
  | { status: "idle" }
  | { status: "saved"; email: string }
  | { status: "invalid" | "same" | "wrong_password" | "unavailable" }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "failed"; httpStatus: number };

const emailSchema = z.object({ email: z.email().max(254), currentPassword: z.string().min(1) });

/**
 * better-auth's changeEmail answers an address held by another account exactly as a free one, and changes nothing;
 * reading the email back tells the two apart for the person, who has just proved they know the password.
 */
export async function changeEmailAction(_previous: EmailState, formData: FormData): Promise<EmailState> {
  const user = await requireUser();
  const form = emailSchema.safeParse({
    email: String(formData.get("email") ?? "")
      .trim()
      .toLowerCase(),
    currentPassword: formData.get("currentPassword"),
  });
  if (!form.success) return { status: "invalid" };
  if (form.data.email === user.email.toLowerCase()) return { status: "same" };
  const requestHeaders = await headers();
  const auth = getAuth();
  try {
    await auth.api.verifyPassword({ body: { password: form.data.currentPassword }, headers: requestHeaders });
    await auth.api.changeEmail({ body: { newEmail: form.data.email }, headers: requestHeaders });
  } catch (error) {
    const refusal = authRefusalOf(error);
    if (!refusal) throw error;
    if (refusal.code === "INVALID_PASSWORD") return { status: "wrong_password" };
    if (refusal.status === 429) return { status: "rate_limited", retryAfterSeconds: refusal.retryAfterSeconds ?? 60 };
    return { status: "failed", httpStatus: refusal.status };
  }
  const stored = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: true } });
  revalidatePath("/", "layout");
  return stored?.user.email === form.data.email ? { status: "saved", email: form.data.email } : { status: "unavailable" };
}

export type PasswordState = { status: "idle" } | { status: "saved"; othersSignedOut: boolean } | { status: "refused"; refusal: AuthRefusal };

const passwordSchema = z.object({ currentPassword: z.string(), newPassword: z.string(), revokeOtherSessions: z.boolean() });

/**
 * The password policy runs inside better-auth (lib/account/auth-guards.ts), so the refusal carries its reason. Other
 * devices are signed out by revokeOtherSessions rather than changePassword's own option, which also replaces this
 * session: the page re-rendered by this action would still hold the old cookie and land on /login.
 */
export async function changePasswordAction(_previous: PasswordState, formData: FormData): Promise<PasswordState> {
  await requireUser();
  const form = passwordSchema.parse({
    currentPassword: String(formData.get("currentPassword") ?? ""),
    newPassword: String(formData.get("newPassword") ?? ""),
    revokeOtherSessions: formData.get("revokeOtherSessions") === "on",
  });
  // better-auth would accept it and change nothing a person can see; saying so is clearer than "saved".
  if (form.newPassword === form.currentPassword) {
    return { status: "refused", refusal: { status: 400, code: "PASSWORD_SAME_AS_CURRENT", warning: null, retryAfterSeconds: null } };
  }
  const requestHeaders = await headers();
  try {
    await getAuth().api.changePassword({ body: { currentPassword: form.currentPassword, newPassword: form.newPassword }, headers: requestHeaders });
  } catch (error) {
    const refusal = authRefusalOf(error);
    if (!refusal) throw error;
    return { status: "refused", refusal };
  }
  if (form.revokeOtherSessions) await getAuth().api.revokeOtherSessions({ headers: requestHeaders });
  revalidatePath("/account");
  return { status: "saved", othersSignedOut: form.revokeOtherSessions };
}
