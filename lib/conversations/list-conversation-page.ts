// One page of GET /api/v1/conversations and the compound cursor (updatedAt, id) that starts the next one.
import "server-only";
import type { AppDatabase } from "@/db/client";
import { listConversations, type ConversationSummary } from "./read-conversations";

export type ConversationPage = {
  conversations: ConversationSummary[];
  /** The last item's updatedAt and id, to send back as `before` and `beforeId`; both null on the last page. */
  nextBefore: string | null;
  nextBeforeId: string | null;
};

export function listConversationPage(options: { db: AppDatabase; userId: string; limit: number; before?: string; beforeId?: string }): ConversationPage {
  const conversations = listConversations(options);
  const last = conversations.length === options.limit ? conversations.at(-1) : undefined;
  return { conversations, nextBefore: last?.updatedAt ?? null, nextBeforeId: last?.id ?? null };
}
