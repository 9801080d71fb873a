// Conversations stored as the loop stores them, through the port's one write of a turn (store.turns.writeRows), so a
// test of the conversation list or its management seeds them on any adapter.
import type { MessageRow } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";

/** A conversation with one turn (id `${id}-turn`, no outcome yet) holding these messages (none by default). */
export async function storeConversation(
  store: Store,
  options: { id: string; userId: string; title: string; at: Date; messages?: Omit<MessageRow, "conversationId" | "turnId" | "createdAt">[] },
): Promise<{ turnId: string }> {
  const { id, userId, title, at } = options;
  const turnId = `${id}-turn`;
  await store.turns.writeRows({
    conversation: { id, userId, title, createdAt: at, updatedAt: at },
    turn: {
      id: turnId,
      conversationId: id,
      userId,
      traceId: `trc_${id}`,
      locale: "en",
      provider: "offline",
      model: "m",
      outcome: null,
      modelRequests: 0,
      startedAt: at,
      endedAt: null,
    },
    messages: (options.messages ?? []).map((message) => ({ ...message, conversationId: id, turnId, createdAt: at })),
    toolCalls: [],
    traceEvents: [],
  });
  return { turnId };
}
