"use server";
// Server actions of the conversation list: rename and delete one of the signed-in person's conversations.
import { z } from "zod";
import { getStore } from "@/lib/scope/get-store";
import { deleteConversation, renameConversation } from "@/lib/conversations/manage-conversations";
import { requireUser } from "@/lib/session";

const conversationIdSchema = z.string().min(1).max(100);
const renameInputSchema = z.object({ conversationId: conversationIdSchema, title: z.string().max(1_000) });
const deleteInputSchema = z.object({ conversationId: conversationIdSchema });

export type ConversationActionResult = { ok: true } | { ok: false };

export async function renameConversationAction(input: { conversationId: string; title: string }): Promise<ConversationActionResult> {
  const user = await requireUser();
  const parsed = renameInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  return { ok: await renameConversation({ store: getStore(), userId: user.id, ...parsed.data }) };
}

export async function deleteConversationAction(input: { conversationId: string }): Promise<ConversationActionResult> {
  const user = await requireUser();
  const parsed = deleteInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  return { ok: await deleteConversation({ store: getStore(), userId: user.id, conversationId: parsed.data.conversationId }) };
}
