"use server";
// Signing out one of your own sessions, or every one but this, through better-auth's session endpoints.
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { revokeAccountSession, revokeOtherAccountSessions } from "@/lib/account/account-sessions";
import { requireUser } from "@/lib/session";

export type SessionsState = { status: "idle" } | { status: "signed_out" | "gone" | "others_signed_out" };

const revokeSchema = z.object({ intent: z.enum(["one", "others"]), id: z.string().max(200).default("") });

export async function signOutSessionsAction(_previous: SessionsState, formData: FormData): Promise<SessionsState> {
  await requireUser();
  const form = revokeSchema.parse({ intent: formData.get("intent"), id: formData.get("id") ?? undefined });
  const requestHeaders = await headers();
  if (form.intent === "others") {
    await revokeOtherAccountSessions(requestHeaders);
    revalidatePath("/account");
    return { status: "others_signed_out" };
  }
  const revoked = await revokeAccountSession({ headers: requestHeaders, id: form.id });
  revalidatePath("/account");
  return { status: revoked ? "signed_out" : "gone" };
}
