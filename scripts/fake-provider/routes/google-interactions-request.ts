// Reads a stateless Interactions request (steps schema) as the real API would: validates its shape, refuses
// function calls and results that do not pair up, and rebuilds the provider-neutral history (a result's flag comes
// only from the wire's is_error; signatures land in providerMetadata so a test can see them echoed).
import { z } from "zod";
import type { AssistantHistoryItem, HistoryItem } from "../../../lib/agent/history";

const textContentSchema = z.object({ type: z.literal("text"), text: z.string() }).loose();
const stepSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("user_input"), content: z.array(textContentSchema).optional() }),
  z.object({ type: z.literal("model_output"), content: z.array(textContentSchema).optional() }),
  z.object({ type: z.literal("thought"), signature: z.string().optional(), summary: z.array(z.unknown()).optional() }),
  z.object({
    type: z.literal("function_call"),
    id: z.string().min(1),
    name: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()),
    signature: z.string().optional(),
  }),
  z.object({
    type: z.literal("function_result"),
    call_id: z.string().min(1),
    name: z.string().optional(),
    result: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
    is_error: z.boolean().optional(),
  }),
]);
type InteractionStep = z.infer<typeof stepSchema>;

export const googleInteractionsRequestSchema = z.object({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(stepSchema), z.array(textContentSchema)]),
  system_instruction: z.string().optional(),
  tools: z
    .array(z.object({ type: z.literal("function"), name: z.string().min(1), description: z.string().optional(), parameters: z.unknown().optional() }))
    .optional(),
  store: z.boolean().optional(),
  stream: z.boolean().optional(),
});
export type GoogleInteractionsRequest = z.infer<typeof googleInteractionsRequestSchema>;

function stepsOf(request: GoogleInteractionsRequest): InteractionStep[] {
  if (typeof request.input === "string") return [{ type: "user_input", content: [{ type: "text", text: request.input }] }];
  return request.input.map((item) => (item.type === "text" ? { type: "user_input", content: [item] } : item));
}

/** In a stateless request every function_call needs its function_result, and every result a call before it. */
export function findUnpairedFunctionStep(request: GoogleInteractionsRequest): string | undefined {
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const step of stepsOf(request)) {
    if (step.type === "function_call") calls.add(step.id);
    if (step.type === "function_result") {
      if (!calls.has(step.call_id)) return `function_result with call_id ${step.call_id} has no matching function_call before it.`;
      answered.add(step.call_id);
    }
  }
  const unanswered = [...calls].find((id) => !answered.has(id));
  return unanswered ? `function_call ${unanswered} has no function_result.` : undefined;
}

export function googleRequestToHistory(request: GoogleInteractionsRequest): { system?: string; history: HistoryItem[] } {
  const history: HistoryItem[] = [];
  const toolNames = new Map<string, string>();
  let assistant: AssistantHistoryItem | undefined;
  let thoughtSignature: string | undefined;
  const openAssistant = (): AssistantHistoryItem => {
    if (!assistant) {
      assistant = { type: "assistant", text: "", toolCalls: [] };
      history.push(assistant);
    }
    return assistant;
  };
  for (const step of stepsOf(request)) {
    if (step.type === "user_input") {
      assistant = undefined;
      history.push({ type: "user", text: (step.content ?? []).map((part) => part.text).join("") });
    } else if (step.type === "model_output") {
      openAssistant().text += (step.content ?? []).map((part) => part.text).join("");
    } else if (step.type === "thought") {
      thoughtSignature = step.signature ?? thoughtSignature;
    } else if (step.type === "function_call") {
      const providerMetadata: Record<string, unknown> = {};
      if (step.signature) providerMetadata.signature = step.signature;
      if (thoughtSignature) providerMetadata.thoughtSignature = thoughtSignature;
      thoughtSignature = undefined;
      toolNames.set(step.id, step.name);
      openAssistant().toolCalls.push({
        callId: step.id,
        name: step.name,
        arguments: JSON.stringify(step.arguments),
        ...(Object.keys(providerMetadata).length > 0 ? { providerMetadata } : {}),
      });
    } else {
      assistant = undefined;
      const content = typeof step.result === "string" ? step.result : JSON.stringify(step.result);
      history.push({
        type: "tool-result",
        callId: step.call_id,
        name: step.name ?? toolNames.get(step.call_id) ?? "",
        isError: step.is_error === true,
        content,
      });
    }
  }
  return { system: request.system_instruction, history };
}
