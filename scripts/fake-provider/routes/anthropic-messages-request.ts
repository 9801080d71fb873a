// Reads an Anthropic Messages request as the real API would: validates its shape, refuses unanswered tool_use
// blocks, and rebuilds the provider-neutral history (the tool result's flag comes only from the wire's is_error).
import { z } from "zod";
import type { HistoryItem } from "../../../lib/agent/history";

const textBlockSchema = z.object({ type: z.literal("text"), text: z.string() });
const toolUseBlockSchema = z.object({
  type: z.literal("tool_use"),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
const toolResultBlockSchema = z.object({
  type: z.literal("tool_result"),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(textBlockSchema)]).optional(),
  is_error: z.boolean().optional(),
});
const contentBlockSchema = z.discriminatedUnion("type", [textBlockSchema, toolUseBlockSchema, toolResultBlockSchema]);
type ContentBlock = z.infer<typeof contentBlockSchema>;

export const anthropicMessagesRequestSchema = z.object({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  system: z.union([z.string(), z.array(textBlockSchema)]).optional(),
  messages: z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.union([z.string(), z.array(contentBlockSchema)]) })).min(1),
  tools: z
    .array(z.object({ name: z.string().min(1), description: z.string().optional(), input_schema: z.object({ type: z.literal("object") }).loose() }))
    .optional(),
  stream: z.boolean().optional(),
});
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;
type AnthropicMessage = AnthropicMessagesRequest["messages"][number];

function blocksOf(message: AnthropicMessage): ContentBlock[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
}

/** The API's rule: every tool_use is answered by a tool_result in the very next (user) message. */
export function findUnansweredToolUse(messages: AnthropicMessage[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role !== "assistant") continue;
    const next = messages[index + 1];
    const answered = new Set(next?.role === "user" ? blocksOf(next).flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : [])) : []);
    for (const block of blocksOf(message)) {
      if (block.type === "tool_use" && !answered.has(block.id)) {
        return `messages.${index + 1}: tool_use ids were found without tool_result blocks immediately after: ${block.id}`;
      }
    }
  }
  return undefined;
}

export function anthropicRequestToHistory(request: AnthropicMessagesRequest): { system?: string; history: HistoryItem[] } {
  const history: HistoryItem[] = [];
  const toolNames = new Map<string, string>();
  for (const message of request.messages) {
    const blocks = blocksOf(message);
    if (message.role === "assistant") {
      const toolCalls = blocks.flatMap((block) =>
        block.type === "tool_use" ? [{ callId: block.id, name: block.name, arguments: JSON.stringify(block.input) }] : [],
      );
      for (const call of toolCalls) toolNames.set(call.callId, call.name);
      const text = blocks.map((block) => (block.type === "text" ? block.text : "")).join("");
      history.push({ type: "assistant", text, toolCalls });
      continue;
    }
    for (const block of blocks) {
      if (block.type === "tool_result") {
        const content = typeof block.content === "string" ? block.content : (block.content ?? []).map((part) => part.text).join("");
        history.push({
          type: "tool-result",
          callId: block.tool_use_id,
          name: toolNames.get(block.tool_use_id) ?? "",
          isError: block.is_error === true,
          content,
        });
      } else if (block.type === "text") {
        history.push({ type: "user", text: block.text });
      }
    }
  }
  const system = typeof request.system === "string" ? request.system : request.system?.map((part) => part.text).join("\n");
  return { system, history };
}
