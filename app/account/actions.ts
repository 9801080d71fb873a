"use server";
// Account deletion: checks the session and the typed confirmation, deletes everything, then signs out.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDatabase } from "@/db/client";
import { deleteAccount } from "@/lib/account/delete-account";
import { getAuth } from "@/lib/auth";
import { requireUser } from "@/lib/session";

export type DeleteAccountState = { status: "idle" } | { status: "mismatch" };

const deleteAccountFormSchema = z.object({ confirmEmail: z.string().default("") });

export async function deleteAccountAction(_previous: DeleteAccountState, formData: FormData): Promise<DeleteAccountState> {
  const user = await requireUser();
  const form = deleteAccountFormSchema.parse({ confirmEmail: formData.get("confirmEmail") ?? undefined });
  if (form.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) return { status: "mismatch" };
  deleteAccount({ db: getDatabase().db, userId: user.id });
  // The session rows went with the user; this clears the cookies too.
  await getAuth().api.signOut({ headers: await headers() });
  redirect("/login?deleted=1");
}
