// Reads a Responses API request body into the neutral { system, history } the fake's decide function takes.
import { z } from "zod";
import type { AssistantHistoryItem, HistoryItem } from "../../../lib/agent/history";
import { InvalidRequestError, parseRequestPart } from "./invalid-request-error";
import { isToolErrorOutput } from "./is-tool-error-output";

const contentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
const contentSchema = z.union([z.string(), z.array(contentPartSchema)]);

export const responsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  instructions: z.string().nullish(),
  input: z.union([z.string(), z.array(z.unknown())]),
  tools: z.array(z.unknown()).optional(),
  stream: z.boolean().nullish(),
  store: z.boolean().nullish(),
});
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

const messageItemSchema = z.looseObject({
  type: z.literal("message").optional(),
  role: z.enum(["user", "assistant", "system", "developer"]),
  content: contentSchema,
});
// The call and result items are strict, as the real API is: an invented field (an `is_error` flag) is a 400.
const functionCallItemSchema = z.strictObject({
  type: z.literal("function_call"),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
  id: z.string().optional(),
  status: z.string().optional(),
});
const functionCallOutputItemSchema = z.strictObject({
  type: z.literal("function_call_output"),
  call_id: z.string().min(1),
  output: contentSchema,
  id: z.string().nullish(),
  status: z.string().nullish(),
});

function readText(content: z.infer<typeof contentSchema>): string {
  return typeof content === "string" ? content : content.map((part) => part.text ?? "").join("");
}

/** The latest assistant item, or a new empty one when the model's calls are the first thing it said this round. */
function currentAssistant(history: HistoryItem[]): AssistantHistoryItem {
  const last = history.at(-1);
  if (last?.type === "assistant") return last;
  const assistant: AssistantHistoryItem = { type: "assistant", text: "", toolCalls: [] };
  history.push(assistant);
  return assistant;
}

export function convertResponsesRequest(request: ResponsesRequest): { system?: string; history: HistoryItem[] } {
  const systemParts = request.instructions ? [request.instructions] : [];
  if (typeof request.input === "string") return { system: systemParts.join("\n\n") || undefined, history: [{ type: "user", text: request.input }] };
  const history: HistoryItem[] = [];
  const callNames = new Map<string, string>();
  request.input.forEach((raw, index) => {
    const param = `input[${index}]`;
    const type = typeof raw === "object" && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (type === "function_call") {
      const item = parseRequestPart({ schema: functionCallItemSchema, value: raw, param });
      callNames.set(item.call_id, item.name);
      currentAssistant(history).toolCalls.push({ callId: item.call_id, name: item.name, arguments: item.arguments });
    } else if (type === "function_call_output") {
      const item = parseRequestPart({ schema: functionCallOutputItemSchema, value: raw, param });
      const name = callNames.get(item.call_id);
      if (name === undefined) {
        throw new InvalidRequestError({ message: `No tool call found for function call output with call_id ${item.call_id}.`, param: "input" });
      }
      const output = readText(item.output);
      history.push({ type: "tool-result", callId: item.call_id, name, isError: isToolErrorOutput(output), content: output });
    } else if (type === "message" || type === undefined) {
      const item = parseRequestPart({ schema: messageItemSchema, value: raw, param });
      const text = readText(item.content);
      if (item.role === "system" || item.role === "developer") systemParts.push(text);
      else if (item.role === "user") history.push({ type: "user", text });
      else history.push({ type: "assistant", text, toolCalls: [] });
    } else {
      throw new InvalidRequestError({ message: `The fake provider does not support input items of type '${String(type)}'.`, param: `${param}.type` });
    }
  });
  return { system: systemParts.join("\n\n") || undefined, history };
}
