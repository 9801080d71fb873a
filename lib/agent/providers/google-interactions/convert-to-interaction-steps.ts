// Translates the neutral history into Interactions "steps" for a stateless request (store: false): user input,
// the model's output and function calls (with any signature echoed), and our function results.
import type { Interactions } from "@google/genai";
import type { HistoryItem, ToolCallRequest, ToolResultHistoryItem } from "../../history";
import type { ToolDeclaration } from "../types";

/**
 * @google/genai 2.x does not type `signature` on function_call steps, but the API may send one there; it must go
 * back unchanged, like the signature of a `thought` step that preceded the call.
 */
type SignedFunctionCallStep = Interactions.FunctionCallStep & { signature?: string };

function metadataString(call: ToolCallRequest, key: "signature" | "thoughtSignature"): string | undefined {
  const value = call.providerMetadata?.[key];
  return typeof value === "string" && value ? value : undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function functionResultStep(item: ToolResultHistoryItem): Interactions.FunctionResultStep {
  // The contract sends the stored JSON object itself as `result`; content that is not an object goes as its text.
  const step: Interactions.FunctionResultStep = {
    type: "function_result",
    call_id: item.callId,
    name: item.name,
    result: parseObject(item.content) ?? item.content,
  };
  // The flag comes from the stored column only; the content's text is never inspected.
  if (item.isError) step.is_error = true;
  return step;
}

export function convertToInteractionSteps(history: HistoryItem[]): Interactions.Step[] {
  const steps: Interactions.Step[] = [];
  for (const item of history) {
    if (item.type === "user") {
      steps.push({ type: "user_input", content: [{ type: "text", text: item.text }] });
      continue;
    }
    if (item.type === "tool-result") {
      steps.push(functionResultStep(item));
      continue;
    }
    if (item.text) steps.push({ type: "model_output", content: [{ type: "text", text: item.text }] });
    for (const call of item.toolCalls) {
      const thoughtSignature = metadataString(call, "thoughtSignature");
      if (thoughtSignature) steps.push({ type: "thought", signature: thoughtSignature });
      // Arguments that are not a JSON object (the model sent broken JSON) replay as {}: the wire wants an object.
      const step: SignedFunctionCallStep = { type: "function_call", id: call.callId, name: call.name, arguments: parseObject(call.arguments) ?? {} };
      const signature = metadataString(call, "signature");
      if (signature) step.signature = signature;
      steps.push(step);
    }
  }
  return steps;
}

export function convertToInteractionTools(tools: ToolDeclaration[]): Interactions.Tool[] {
  return tools.map((tool) => {
    // `$schema` is metadata the API's JSON Schema subset does not list; the schema means the same without it.
    const parameters = { ...tool.parameters };
    delete parameters.$schema;
    return { type: "function", name: tool.name, description: tool.description, parameters };
  });
}
