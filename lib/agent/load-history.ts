// Rebuilds a conversation's provider-neutral history from the store; each result's flag comes from its column.
import "server-only";
import type { Store } from "@/lib/store/store";
import type { HistoryItem, ToolCallRequest } from "./history";

export async function loadHistory(store: Store, conversationId: string): Promise<HistoryItem[]> {
  const { messages, toolCalls: calls } = await store.conversations.history({ conversationId });
  const history: HistoryItem[] = [];
  for (const row of messages) {
    if (row.role === "user") {
      history.push({ type: "user", text: row.content });
      continue;
    }
    // Calls never executed (turn already stopped) or never finished (process died) are left out with their results,
    // so every call the provider sees is answered.
    const answered = calls.filter((call) => call.messageId === row.id && call.outcome !== null && call.isError !== null && call.status !== "skipped");
    const toolCalls: ToolCallRequest[] = answered.map((call) => ({
      callId: call.callId,
      name: call.name,
      arguments: call.arguments,
      ...(call.providerMetadata ? { providerMetadata: JSON.parse(call.providerMetadata) as Record<string, unknown> } : {}),
    }));
    if (row.content === "" && toolCalls.length === 0) continue;
    history.push({ type: "assistant", text: row.content, toolCalls });
    for (const call of answered) {
      history.push({ type: "tool-result", callId: call.callId, name: call.name, isError: call.isError === true, content: call.outcome as string });
    }
  }
  return history;
}
