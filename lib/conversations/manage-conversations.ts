// A person's changes to their own conversations: rename and delete. Both are scoped to the owner, so another user's id
// reads as absent, exactly like one that never existed.
import "server-only";
import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { conversation } from "@/db/schema";

/** The longest title, in code points (what a person counts), as for the titles taken from a first message. */
export const MAX_CONVERSATION_TITLE_LENGTH = 80;

/** Trims and cuts a title to MAX_CONVERSATION_TITLE_LENGTH code points, never between the halves of a character. */
export function normalizeConversationTitle(title: string): string {
  return Array.from(title.trim().replace(/\s+/g, " ")).slice(0, MAX_CONVERSATION_TITLE_LENGTH).join("");
}

/** Renames without moving the conversation in the list (its order is by last message). False when not found. */
export function renameConversation(options: { db: AppDatabase; userId: string; conversationId: string; title: string }): boolean {
  const title = normalizeConversationTitle(options.title);
  if (title === "") return false;
  const result = options.db
    .update(conversation)
    .set({ title })
    .where(and(eq(conversation.id, options.conversationId), eq(conversation.userId, options.userId)))
    .run();
  return result.changes > 0;
}

/** Deletes the conversation with its turns, messages, tool calls and trace events (foreign keys cascade). */
export function deleteConversation(options: { db: AppDatabase; userId: string; conversationId: string }): boolean {
  const result = options.db.delete(conversation).where(and(eq(conversation.id, options.conversationId), eq(conversation.userId, options.userId))).run();
  return result.changes > 0;
}
