// Reads a Chat Completions request body into the neutral { system, history } the fake's decide function takes.
import { z } from "zod";
import type { HistoryItem } from "../../../lib/agent/history";
import { InvalidRequestError, parseRequestPart } from "./invalid-request-error";
import { isToolErrorOutput } from "./is-tool-error-output";

const textContentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]);

export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.unknown()).min(1),
  tools: z.array(z.unknown()).optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

const toolCallSchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal("function"),
  function: z.strictObject({ name: z.string().min(1), arguments: z.string() }),
});
const systemMessageSchema = z.looseObject({ role: z.enum(["system", "developer"]), content: textContentSchema });
const userMessageSchema = z.looseObject({ role: z.literal("user"), content: textContentSchema });
const assistantMessageSchema = z.looseObject({
  role: z.literal("assistant"),
  content: textContentSchema.nullish(),
  tool_calls: z.array(toolCallSchema).optional(),
});
// Strict, so an invented error flag on a tool message is refused rather than silently dropped.
const toolMessageSchema = z.strictObject({ role: z.literal("tool"), tool_call_id: z.string().min(1), content: textContentSchema });

function readText(content: z.infer<typeof textContentSchema> | null | undefined): string {
  if (content === null || content === undefined) return "";
  return typeof content === "string" ? content : content.map((part) => part.text ?? "").join("");
}

export function convertChatRequest(request: ChatRequest): { system?: string; history: HistoryItem[] } {
  const systemParts: string[] = [];
  const history: HistoryItem[] = [];
  const callNames = new Map<string, string>();
  request.messages.forEach((raw, index) => {
    const param = `messages[${index}]`;
    const role = typeof raw === "object" && raw !== null ? (raw as { role?: unknown }).role : undefined;
    if (role === "system" || role === "developer") {
      systemParts.push(readText(parseRequestPart({ schema: systemMessageSchema, value: raw, param }).content));
    } else if (role === "user") {
      history.push({ type: "user", text: readText(parseRequestPart({ schema: userMessageSchema, value: raw, param }).content) });
    } else if (role === "assistant") {
      const message = parseRequestPart({ schema: assistantMessageSchema, value: raw, param });
      const toolCalls = (message.tool_calls ?? []).map((call) => ({ callId: call.id, name: call.function.name, arguments: call.function.arguments }));
      for (const call of toolCalls) callNames.set(call.callId, call.name);
      history.push({ type: "assistant", text: readText(message.content), toolCalls });
    } else if (role === "tool") {
      const message = parseRequestPart({ schema: toolMessageSchema, value: raw, param });
      const name = callNames.get(message.tool_call_id);
      if (name === undefined) {
        throw new InvalidRequestError({
          message: "Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.",
          param: `${param}.role`,
        });
      }
      const content = readText(message.content);
      history.push({ type: "tool-result", callId: message.tool_call_id, name, isError: isToolErrorOutput(content), content });
    } else {
      throw new InvalidRequestError({ message: `Invalid value for '${param}.role'.`, param: `${param}.role`, code: "invalid_value" });
    }
  });
  return { system: systemParts.join("\n\n") || undefined, history };
}
