// Translates the neutral history and tool declarations into Anthropic Messages params. Tool results keep their
// stored content byte for byte and carry `is_error: true` exactly when the stored flag says so.
import type { ContentBlockParam, MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import type { HistoryItem } from "../../history";
import type { ToolDeclaration } from "../types";

/** tool_use.input must be an object; arguments that are not a JSON object (the model sent broken JSON) replay as {}. */
function parseToolInput(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type ConversationMessage = { role: "user" | "assistant"; content: ContentBlockParam[] };

function toMessage(item: HistoryItem): ConversationMessage | undefined {
  if (item.type === "user") return { role: "user", content: [{ type: "text", text: item.text }] };
  if (item.type === "tool-result") {
    const block: ContentBlockParam = { type: "tool_result", tool_use_id: item.callId, content: item.content };
    // The flag comes from the stored column only; the content's text is never inspected.
    if (item.isError) block.is_error = true;
    return { role: "user", content: [block] };
  }
  const content: ContentBlockParam[] = [];
  // The API refuses empty text blocks.
  if (item.text) content.push({ type: "text", text: item.text });
  for (const call of item.toolCalls) content.push({ type: "tool_use", id: call.callId, name: call.name, input: parseToolInput(call.arguments) });
  return content.length > 0 ? { role: "assistant", content } : undefined;
}

function isToolResult(block: ContentBlockParam): boolean {
  return block.type === "tool_result";
}

/**
 * One message per history item, then adjacent same-role messages merged, so every result of one round lands in
 * the single user message that follows the assistant's tool_use blocks. Within a user message the API wants the
 * tool_result blocks first.
 */
export function convertToAnthropicMessages(history: HistoryItem[]): MessageParam[] {
  const messages: ConversationMessage[] = [];
  for (const item of history) {
    const message = toMessage(item);
    if (!message) continue;
    const last = messages.at(-1);
    if (last && last.role === message.role) last.content.push(...message.content);
    else messages.push(message);
  }
  for (const message of messages) {
    if (message.role === "user") message.content = [...message.content.filter(isToolResult), ...message.content.filter((block) => !isToolResult(block))];
  }
  return messages;
}

export function convertToAnthropicTools(tools: ToolDeclaration[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.parameters, type: "object" },
  }));
}
