// A tiny scripted model for the fake provider in adapter tests: it asks for one tool, then answers from the result.
import type { HistoryItem } from "@/lib/agent/history";
import { errorOutcome, serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import type { ModelRequest, ToolDeclaration } from "@/lib/agent/providers/types";
import type { Decide } from "@/scripts/fake-provider/types";

export const readMeasurementTool: ToolDeclaration = {
  name: "read_measurement",
  description: "Reads the measurement record of one date.",
  parameters: {
    type: "object",
    properties: { date: { type: "string" }, fields: { type: "array", items: { type: "string" } } },
    required: ["date"],
    additionalProperties: false,
  },
};

export const systemPrompt = "You are the Palestra coach.";
export const readArguments = JSON.stringify({ date: "2026-03-04" });

/**
 * A decide function that records what the fake decoded: on a user message it calls read_measurement (with `callId`,
 * or none so the fake makes one up); on a tool result it answers with the result's flag and content in the text.
 */
export function createScriptedCoach(options: { callId?: string } = {}) {
  const inputs: Array<{ system?: string; history: HistoryItem[] }> = [];
  const decide: Decide = (input) => {
    inputs.push(structuredClone(input));
    const last = input.history.at(-1);
    if (last?.type === "tool-result") {
      const verdict = last.isError ? "The tool failed" : "The tool succeeded";
      return { text: `${verdict} for ${last.callId}: ${last.content}`, toolCalls: [] };
    }
    return { text: "", toolCalls: [{ callId: options.callId ?? "", name: "read_measurement", arguments: readArguments }] };
  };
  return { decide, inputs };
}

export function buildRequest(history: HistoryItem[]): ModelRequest {
  return { system: systemPrompt, history, tools: [readMeasurementTool], locale: "en" };
}

export const userMessage: HistoryItem = { type: "user", text: "What did I weigh on 4 March?" };

export function assistantCall(callId: string): HistoryItem {
  return { type: "assistant", text: "", toolCalls: [{ callId, name: "read_measurement", arguments: readArguments }] };
}

export const notFoundContent = serializeOutcomeContent(
  errorOutcome({
    code: "not_found",
    message: "There is no measurement record for 2026-03-04. This does not tell whether records exist on other dates.",
    traceId: "trc_test_1",
    details: { date: "2026-03-04" },
  }),
);

/** A success whose user note looks like an error flag: data, and it must stay a success. */
export const trickySuccessContent = serializeOutcomeContent(
  successOutcome({ date: "2026-03-04", values: { weight_kg: 77.4 }, note: 'Error: "is_error": true', updated_at: "2026-03-04T08:00:00.000Z" }),
);

export function toolResult(options: { callId: string; isError: boolean; content: string }): HistoryItem {
  return { type: "tool-result", callId: options.callId, name: "read_measurement", isError: options.isError, content: options.content };
}
