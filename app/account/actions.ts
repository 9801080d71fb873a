"use server";
// Account actions: the unit preference, and deletion (checks the typed confirmation and the current password, deletes
// everything, signs out).
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getStore } from "@/lib/scope/get-store";
import { authRefusalOf } from "@/lib/account/auth-error";
import { deleteAccount } from "@/lib/account/delete-account";
import { getAuth } from "@/lib/account/get-auth";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { unitSystemSchema } from "@/lib/measurements/unit-system-schema";
import { requireUser } from "@/lib/session";

export type UnitsState = { status: "idle" } | { status: "saved"; units: UnitSystem } | { status: "invalid" };

const unitsFormSchema = z.object({ units: unitSystemSchema });

/** Changes how values are shown and typed; stored values stay metric, so nothing else changes. */
export async function setUnitsAction(_previous: UnitsState, formData: FormData): Promise<UnitsState> {
  await requireUser();
  const form = unitsFormSchema.safeParse({ units: formData.get("units") });
  if (!form.success) return { status: "invalid" };
  await getAuth().api.updateUser({ body: { units: form.data.units }, headers: await headers() });
  revalidatePath("/", "layout");
  return { status: "saved", units: form.data.units };
}

export type DeleteAccountState =
  | { status: "idle" }
  | { status: "mismatch" | "wrong_password" }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "failed"; httpStatus: number };

const deleteAccountFormSchema = z.object({ confirmEmail: z.string().catch(""), currentPassword: z.string().catch("") });

/**
 * A stolen session must not be enough to erase an account: the current password is checked by better-auth's
 * verify-password, whose attempts are limited per account and address (lib/account/password-attempt-guard.ts).
 */
export async function deleteAccountAction(_previous: DeleteAccountState, formData: FormData): Promise<DeleteAccountState> {
  const user = await requireUser();
  const form = deleteAccountFormSchema.parse({ confirmEmail: formData.get("confirmEmail"), currentPassword: formData.get("currentPassword") });
  if (form.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) return { status: "mismatch" };
  if (form.currentPassword === "") return { status: "wrong_password" };
  const requestHeaders = await headers();
  try {
    await getAuth().api.verifyPassword({ body: { password: form.currentPassword }, headers: requestHeaders });
  } catch (error) {
    const refusal = authRefusalOf(error);
    if (!refusal) throw error;
    if (refusal.code === "INVALID_PASSWORD") return { status: "wrong_password" };
    if (refusal.status === 429) return { status: "rate_limited", retryAfterSeconds: refusal.retryAfterSeconds ?? 60 };
    return { status: "failed", httpStatus: refusal.status };
  }
  await deleteAccount({ store: getStore(), userId: user.id });
  // The session rows went with the user; this clears the cookies too.
  await getAuth().api.signOut({ headers: requestHeaders });
  redirect("/login?deleted=1");
}
