// POST /v1beta/interactions as the Gemini Interactions API (steps schema) answers it: an Interaction JSON, or the SSE
// events interaction.created, step.start/delta/stop, interaction.completed that @google/genai yields. Tool calls end
// the interaction in status "requires_action".
import type { ServerResponse } from "node:http";
import type { ToolCallRequest } from "../../../lib/agent/history";
import { googleErrorBody } from "../google-error-body";
import { sendJson, startEventStream, writeEvent } from "../sse";
import type { FakeRouteHandler } from "../types";
import { findUnpairedFunctionStep, googleInteractionsRequestSchema, googleRequestToHistory } from "./google-interactions-request";

type OutputStep =
  | { type: "model_output"; text: string }
  | { type: "thought"; signature: string }
  | { type: "function_call"; id: string; name: string; argumentsText: string; signature?: string };

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function metadataString(call: ToolCallRequest, key: string): string | undefined {
  const value = call.providerMetadata?.[key];
  return typeof value === "string" && value ? value : undefined;
}

/** The step as the non-streaming API returns it. */
function wireStep(step: OutputStep): Record<string, unknown> {
  if (step.type === "model_output") return { type: "model_output", content: [{ type: "text", text: step.text }] };
  if (step.type === "thought") return { type: "thought", signature: step.signature };
  return {
    type: "function_call",
    id: step.id,
    name: step.name,
    arguments: parseObject(step.argumentsText),
    ...(step.signature ? { signature: step.signature } : {}),
  };
}

function streamInteraction(options: { response: ServerResponse; interaction: Record<string, unknown>; steps: OutputStep[] }): void {
  const { response, interaction, steps } = options;
  startEventStream(response);
  const send = (eventType: string, data: Record<string, unknown>) => writeEvent(response, { event: eventType, data: { event_type: eventType, ...data } });
  send("interaction.created", {
    interaction: { id: interaction.id, object: "interaction", model: interaction.model, status: "in_progress", created: interaction.created },
  });
  for (const [index, step] of steps.entries()) {
    if (step.type === "model_output") {
      send("step.start", { index, step: { type: "model_output" } });
      // Words with their trailing spaces, so the deltas concatenate back to the exact text.
      for (const text of step.text.match(/\S+\s*|\s+/g) ?? []) send("step.delta", { index, delta: { type: "text", text } });
    } else if (step.type === "thought") {
      send("step.start", { index, step: { type: "thought" } });
      send("step.delta", { index, delta: { type: "thought_signature", signature: step.signature } });
    } else {
      send("step.start", {
        index,
        step: { type: "function_call", id: step.id, name: step.name, arguments: {}, ...(step.signature ? { signature: step.signature } : {}) },
      });
      // The arguments text goes out verbatim in two pieces.
      const middle = Math.ceil(step.argumentsText.length / 2);
      for (const part of [step.argumentsText.slice(0, middle), step.argumentsText.slice(middle)]) {
        if (part) send("step.delta", { index, delta: { type: "arguments_delta", arguments: part } });
      }
    }
    send("step.stop", { index });
  }
  // Lifecycle events carry the interaction without its steps; those came as step events.
  send("interaction.completed", { interaction: { ...interaction, steps: undefined } });
  response.end();
}

export const googleInteractionsRoute: FakeRouteHandler = ({ body, response, context }) => {
  const parsed = googleInteractionsRequestSchema.safeParse(body);
  if (!parsed.success)
    return sendJson(response, 400, googleErrorBody(400, parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")));
  const unpaired = findUnpairedFunctionStep(parsed.data);
  if (unpaired) return sendJson(response, 400, googleErrorBody(400, unpaired));

  const decision = context.decide(googleRequestToHistory(parsed.data));
  const steps: OutputStep[] = decision.text ? [{ type: "model_output", text: decision.text }] : [];
  for (const call of decision.toolCalls) {
    const thoughtSignature = metadataString(call, "thoughtSignature");
    if (thoughtSignature) steps.push({ type: "thought", signature: thoughtSignature });
    steps.push({
      type: "function_call",
      id: call.callId || context.nextId("call_"),
      name: call.name,
      argumentsText: call.arguments,
      signature: metadataString(call, "signature"),
    });
  }
  const inputTokens = decision.usage?.inputTokens ?? Math.max(1, Math.ceil(JSON.stringify(parsed.data.input).length / 4));
  const outputTokens = decision.usage?.outputTokens ?? Math.max(1, Math.ceil(JSON.stringify(steps).length / 4));
  const now = new Date().toISOString();
  const interaction = {
    id: context.nextId("int_"),
    object: "interaction",
    model: parsed.data.model,
    status: decision.toolCalls.length > 0 ? "requires_action" : "completed",
    created: now,
    updated: now,
    steps: steps.map(wireStep),
    usage: { total_input_tokens: inputTokens, total_output_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
  };
  if (parsed.data.stream) return streamInteraction({ response, interaction, steps });
  sendJson(response, 200, interaction);
};
