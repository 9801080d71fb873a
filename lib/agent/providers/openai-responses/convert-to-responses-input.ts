// Rebuilds the whole Responses API input from our history for every request (store: false, no server-side state).
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { HistoryItem } from "../../history";

/**
 * User and assistant text become messages, the model's tool calls become `function_call` items with their original
 * `call_id`, and stored outcomes become `function_call_output` items whose `output` is the stored content JSON verbatim.
 * A failure travels only inside that JSON (`"is_error": true`): the API has no error flag on the item.
 */
export function convertToResponsesInput(history: HistoryItem[]): ResponseInputItem[] {
  const input: ResponseInputItem[] = [];
  for (const item of history) {
    if (item.type === "user") {
      input.push({ type: "message", role: "user", content: item.text });
    } else if (item.type === "assistant") {
      if (item.text !== "") input.push({ type: "message", role: "assistant", content: item.text });
      for (const call of item.toolCalls) {
        // The item id (fc_...) is not sent back: a reasoning model refuses a function_call item id whose reasoning
        // item is missing, and we keep no reasoning items. The API pairs results by call_id alone.
        input.push({ type: "function_call", call_id: call.callId, name: call.name, arguments: call.arguments });
      }
    } else {
      input.push({ type: "function_call_output", call_id: item.callId, output: item.content });
    }
  }
  return input;
}
