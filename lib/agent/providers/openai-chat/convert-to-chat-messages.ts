// Rebuilds the whole Chat Completions message list from our history for every request.
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { HistoryItem } from "../../history";

/**
 * System prompt first, then user and assistant messages (the model's calls as `tool_calls` with their original ids),
 * and each stored outcome as a `tool` message whose content is the stored JSON verbatim: the API has no error flag,
 * so a failure travels inside that JSON (`"is_error": true`).
 */
export function convertToChatMessages(options: { system: string; history: HistoryItem[] }): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (options.system !== "") messages.push({ role: "system", content: options.system });
  for (const item of options.history) {
    if (item.type === "user") {
      messages.push({ role: "user", content: item.text });
    } else if (item.type === "assistant") {
      if (item.toolCalls.length === 0) {
        messages.push({ role: "assistant", content: item.text });
        continue;
      }
      messages.push({
        role: "assistant",
        content: item.text === "" ? null : item.text,
        tool_calls: item.toolCalls.map((call) => ({ id: call.callId, type: "function", function: { name: call.name, arguments: call.arguments } })),
      });
    } else {
      messages.push({ role: "tool", tool_call_id: item.callId, content: item.content });
    }
  }
  return messages;
}
