// Folds an Interactions event stream (interaction.created, step.start/delta/stop, interaction.completed) into one
// ModelResponse, passing text deltas on as they arrive and keeping the signatures the next request must echo.
import type { Interactions } from "@google/genai";
import type { ToolCallRequest } from "../../history";
import { ProviderError, type ModelResponse, type ModelUsage } from "../types";
import { rethrowGoogleFailure } from "./classify-google-error";

type StepState = { type: string; callId?: string; name?: string; startArguments?: unknown; argumentsText: string; signature?: string };

function startState(step: Interactions.Step): StepState {
  const state: StepState = { type: step.type, argumentsText: "" };
  if (step.type === "function_call") Object.assign(state, { callId: step.id, name: step.name, startArguments: step.arguments });
  const signature = (step as { signature?: unknown }).signature;
  if (typeof signature === "string" && signature) state.signature = signature;
  return state;
}

/** Canonical JSON text of the arguments; streamed text that does not parse stays verbatim for the dispatcher to report. */
function argumentsText(state: StepState): string {
  if (!state.argumentsText) return JSON.stringify(state.startArguments ?? {});
  try {
    return JSON.stringify(JSON.parse(state.argumentsText));
  } catch {
    return state.argumentsText;
  }
}

/** In step order; a thought's signature belongs to the function call that follows it. */
function collectToolCalls(states: Map<number, StepState>): ToolCallRequest[] {
  const calls: ToolCallRequest[] = [];
  let thoughtSignature: string | undefined;
  for (const [, state] of [...states.entries()].sort(([left], [right]) => left - right)) {
    if (state.type === "thought") thoughtSignature = state.signature ?? thoughtSignature;
    if (state.type !== "function_call" || !state.callId || !state.name) continue;
    const providerMetadata: Record<string, unknown> = {};
    if (state.signature) providerMetadata.signature = state.signature;
    if (thoughtSignature) providerMetadata.thoughtSignature = thoughtSignature;
    thoughtSignature = undefined;
    calls.push({
      callId: state.callId,
      name: state.name,
      arguments: argumentsText(state),
      ...(Object.keys(providerMetadata).length > 0 ? { providerMetadata } : {}),
    });
  }
  return calls;
}

function usageOf(usage: Interactions.Usage | undefined): ModelUsage | undefined {
  if (!usage) return undefined;
  return { inputTokens: usage.total_input_tokens ?? 0, outputTokens: usage.total_output_tokens ?? 0 };
}

export async function readInteractionStream(options: {
  events: AsyncIterable<Interactions.InteractionSSEEvent>;
  signal?: AbortSignal;
  timeoutSignal: AbortSignal;
  onTextDelta?: (delta: string) => void;
}): Promise<ModelResponse> {
  const { signal, timeoutSignal, onTextDelta } = options;
  const iterator = options.events[Symbol.asyncIterator]();
  const states = new Map<number, StepState>();
  let text = "";
  let completed: Interactions.InteractionCompletedEvent["interaction"] | undefined;
  let drained = false;
  const appendText = (delta: string) => {
    text += delta;
    onTextDelta?.(delta);
  };
  try {
    while (!drained) {
      let result: IteratorResult<Interactions.InteractionSSEEvent>;
      try {
        result = await iterator.next();
      } catch (error) {
        drained = true;
        rethrowGoogleFailure({ error, phase: "stream", signal, timeoutSignal });
      }
      if (result.done) {
        drained = true;
        break;
      }
      const event = result.value;
      if (event.event_type === "error") {
        throw new ProviderError({ kind: "stream", message: event.error?.message ?? "The interaction stream reported an error.", cause: event });
      } else if (event.event_type === "step.start") {
        states.set(event.index, startState(event.step));
        if (event.step.type === "model_output") for (const part of event.step.content ?? []) if (part.type === "text" && part.text) appendText(part.text);
      } else if (event.event_type === "step.delta") {
        const state = states.get(event.index) ?? { type: "unknown", argumentsText: "" };
        states.set(event.index, state);
        if (event.delta.type === "text" && state.type !== "thought") appendText(event.delta.text);
        if (event.delta.type === "arguments_delta") state.argumentsText += event.delta.arguments ?? "";
        if (event.delta.type === "thought_signature" && event.delta.signature) state.signature = event.delta.signature;
      } else if (event.event_type === "interaction.completed") {
        completed = event.interaction;
      }
    }
  } finally {
    // Leaving early (an error event, or onTextDelta threw) must still close the HTTP response.
    if (!drained) await iterator.return?.();
  }
  if (signal?.aborted) throw signal.reason;
  if (!completed) throw new ProviderError({ kind: "stream", message: "The interaction stream ended before interaction.completed." });
  if (completed.status === "failed" || completed.status === "cancelled") {
    throw new ProviderError({ kind: "stream", message: `The interaction ended with status ${completed.status}.` });
  }
  const usage = usageOf(completed.usage);
  return { text, toolCalls: collectToolCalls(states), ...(usage ? { usage } : {}) };
}
