"use server";
// The forced change of a one-time password (set by `npm run admin -- users create|reset-password`): better-auth's own
// change-password endpoint (current password checked, the password policy applied, other sessions signed out), then the
// flag cleared so the rest of the site opens again.
import { headers } from "next/headers";
import { APIError } from "better-auth/api";
import { getAuth } from "@/lib/auth";
import { requireUserAllowingPasswordChange } from "@/lib/session";
import type { CredentialsResult } from "../post-credentials";

export async function changeRequiredPasswordAction(form: { currentPassword: string; newPassword: string }): Promise<CredentialsResult> {
  const user = await requireUserAllowingPasswordChange();
  const auth = getAuth();
  try {
    await auth.api.changePassword({
      body: { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true },
      headers: await headers(),
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const body = (error.body ?? {}) as { code?: unknown; warning?: unknown };
    return {
      ok: false,
      status: error.statusCode,
      code: typeof body.code === "string" ? body.code : null,
      retryAfterSeconds: null,
      warning: typeof body.warning === "string" ? body.warning : null,
    };
  }
  const context = await auth.$context;
  await context.internalAdapter.updateUser(user.id, { passwordChangeRequired: false });
  return { ok: true };
}
