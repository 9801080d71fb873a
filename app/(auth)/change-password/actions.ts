"use server";
// The forced change of a one-time password (set by `npm run admin -- users create|reset-password`): better-auth's own
// change-password endpoint (current password checked, the password policy applied, other sessions signed out), then the
// flag cleared so the rest of the site opens again.
import { headers } from "next/headers";
import { authRefusalOf } from "@/lib/account/auth-error";
import { getAuth } from "@/lib/account/get-auth";
import { requireUserAllowingPasswordChange } from "@/lib/session";
import type { CredentialsResult } from "../post-credentials";

export async function changeRequiredPasswordAction(form: { currentPassword: string; newPassword: string }): Promise<CredentialsResult> {
  const user = await requireUserAllowingPasswordChange();
  // As on /account: better-auth would accept the one-time password again and leave it in place as the real one.
  if (form.newPassword === form.currentPassword) {
    return { ok: false, status: 400, code: "PASSWORD_SAME_AS_CURRENT", retryAfterSeconds: null, warning: null };
  }
  const auth = getAuth();
  try {
    await auth.api.changePassword({
      body: { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true },
      headers: await headers(),
    });
  } catch (error) {
    const refusal = authRefusalOf(error);
    if (!refusal) throw error;
    // A 429 (too many wrong current passwords) carries its wait, shown in sign-in's words.
    return { ok: false, ...refusal };
  }
  const context = await auth.$context;
  await context.internalAdapter.updateUser(user.id, { passwordChangeRequired: false });
  return { ok: true };
}
