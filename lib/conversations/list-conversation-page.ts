// One page of GET /api/v1/conversations and the compound cursor (updatedAt, id) that starts the next one.
import "server-only";
import type { Store } from "@/lib/store/store";
import { MAX_CONVERSATIONS_PAGE } from "./conversation-page-size";
import { listConversations, type ConversationSummary } from "./read-conversations";

export type ConversationPage = {
  conversations: ConversationSummary[];
  /** The last item's updatedAt and id, to send back as `before` and `beforeId`; both null on the last page. */
  nextBefore: string | null;
  nextBeforeId: string | null;
};

export async function listConversationPage(options: {
  store: Store;
  userId: string;
  limit: number;
  before?: string;
  beforeId?: string;
}): Promise<ConversationPage> {
  const limit = Math.min(Math.max(options.limit, 1), MAX_CONVERSATIONS_PAGE);
  // One row past the page says whether another page follows: a page that is exactly full but last gets no cursor,
  // so a client does not make one more request only to receive an empty page.
  const rows = await listConversations({ ...options, limit: limit + 1 });
  const conversations = rows.slice(0, limit);
  const last = rows.length > limit ? conversations.at(-1) : undefined;
  return { conversations, nextBefore: last?.updatedAt ?? null, nextBeforeId: last?.id ?? null };
}
