"use server";
// Creating and revoking API keys from /account (the same lib/account functions as /api/v1/api-keys).
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { createApiKeyInputSchema, type ApiKeyScope } from "@/lib/account/api-key-scope";
import { createApiKey, revokeApiKey } from "@/lib/account/manage-api-keys";
import { requireUser } from "@/lib/session";

/** `key` travels to the browser once, in this answer, and is kept only in the form's state. */
export type CreateKeyState = { status: "idle" } | { status: "created"; name: string; scope: ApiKeyScope; key: string } | { status: "invalid" };

export async function createApiKeyAction(_previous: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const user = await requireUser();
  const form = createApiKeyInputSchema.safeParse({ name: formData.get("name"), scope: formData.get("scope") });
  if (!form.success) return { status: "invalid" };
  const created = await createApiKey({ userId: user.id, ...form.data });
  revalidatePath("/account");
  return { status: "created", name: created.name, scope: created.scope, key: created.key };
}

export type RevokeKeyState = { status: "idle" } | { status: "revoked"; name: string } | { status: "gone" };

const revokeSchema = z.object({ id: z.string().min(1).max(200), name: z.string().max(200).default("") });

export async function revokeApiKeyAction(_previous: RevokeKeyState, formData: FormData): Promise<RevokeKeyState> {
  await requireUser();
  const form = revokeSchema.parse({ id: formData.get("id"), name: formData.get("name") ?? undefined });
  const revoked = await revokeApiKey({ headers: await headers(), id: form.id });
  revalidatePath("/account");
  return revoked ? { status: "revoked", name: form.name } : { status: "gone" };
}
