// A person's changes to their own conversations: rename and delete. Both are scoped to the owner, so another user's id
// reads as absent, exactly like one that never existed.
import "server-only";
import type { Store } from "@/lib/store/store";

/** The longest title, in code points (what a person counts), as for the titles taken from a first message. */
export const MAX_CONVERSATION_TITLE_LENGTH = 80;

/** Trims and cuts a title to MAX_CONVERSATION_TITLE_LENGTH code points, never between the halves of a character. */
export function normalizeConversationTitle(title: string): string {
  return Array.from(title.trim().replace(/\s+/g, " ")).slice(0, MAX_CONVERSATION_TITLE_LENGTH).join("");
}

/** Renames without moving the conversation in the list (its order is by last message). False when not found. */
export async function renameConversation(options: { store: Store; userId: string; conversationId: string; title: string }): Promise<boolean> {
  const title = normalizeConversationTitle(options.title);
  if (title === "") return false;
  return options.store.conversations.rename({ userId: options.userId, conversationId: options.conversationId, title });
}

/** Deletes the conversation with its turns, messages, tool calls and trace events (foreign keys cascade). */
export function deleteConversation(options: { store: Store; userId: string; conversationId: string }): Promise<boolean> {
  return options.store.conversations.delete({ userId: options.userId, conversationId: options.conversationId });
}
