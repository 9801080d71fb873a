// Read models of a user's conversations: the list, and one conversation with its tool calls and stored outcomes.
import "server-only";
import type { Store } from "@/lib/store/store";
import type { ConversationDetail, ConversationSummary } from "@/lib/store/turn-store";

export type { ConversationDetail, ConversationSummary, StoredMessage, StoredToolCall } from "@/lib/store/turn-store";

/**
 * Newest first, ties broken by id (descending). `before` and `beforeId` are the updatedAt (ISO) and id of the last
 * item of the previous page; `before` alone is the older cursor, kept for clients that send only it.
 */
export function listConversations(options: {
  store: Store;
  userId: string;
  limit?: number;
  before?: string;
  beforeId?: string;
}): Promise<ConversationSummary[]> {
  const { store, userId, limit = 20, before, beforeId } = options;
  return store.conversations.list({ userId, limit, before, beforeId });
}

/** The conversation with every message and tool call, or undefined when it is not this user's. */
export function getConversation(options: { store: Store; userId: string; conversationId: string }): Promise<ConversationDetail | undefined> {
  return options.store.conversations.get({ userId: options.userId, conversationId: options.conversationId });
}
