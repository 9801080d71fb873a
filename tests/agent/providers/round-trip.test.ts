// On every wire adapter, driven through its real SDK against the fake provider: a streamed tool call, its result sent
// back under the model's call id, the answer; arguments that are not valid JSON kept verbatim and replayed empty. What
// each wire looks like byte for byte (headers, tool declarations, message layout, signatures) is its own folder's test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import type { ModelRequest } from "@/lib/agent/providers/types";
import { serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";
import { wireAdapters } from "./wire-adapters";

const readTool = {
  name: "read_measurement",
  description: "Reads the measurement record of one date.",
  parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
};
const system = "You are the Palestra coach.";
const storedRecord = serializeOutcomeContent(
  successOutcome({ date: "2020-01-01", values: { weight_kg: 76 }, note: "", updated_at: "2020-01-01T08:00:00.000Z" }),
);

function request(history: HistoryItem[]): ModelRequest {
  return { system, history, tools: [readTool], locale: "en" };
}

describe.each(wireAdapters)("$name round trip", (adapter) => {
  const seen: Array<{ system?: string; history: HistoryItem[] }> = [];
  /** Asks for the record (a call whose arguments break off on "broken"), then answers from the result. */
  const decide: Decide = (input) => {
    seen.push(input);
    const last = input.history.at(-1);
    if (last?.type === "user" && last.text.includes("broken"))
      return { text: "", toolCalls: [{ callId: "call_broken_1", name: "read_measurement", arguments: '{"date": "2020-01-0' }] };
    if (last?.type === "user")
      return { text: "Let me check that date.", toolCalls: [{ callId: "call_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }] };
    return { text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [], usage: { inputTokens: 321, outputTokens: 12 } };
  };
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer({ decide });
  });
  afterAll(async () => {
    await server.close();
  });

  it("streams a tool call, then the answer to its result, keeping the call id on the wire both ways", async () => {
    const provider = adapter.create(server.url);
    const user: HistoryItem = { type: "user", text: "What did I weigh on 2020-01-01?" };

    const firstDeltas: string[] = [];
    const first = await provider.generate(request([user]), { onTextDelta: (delta) => firstDeltas.push(delta) });
    expect(first.text).toBe("Let me check that date.");
    expect(firstDeltas.length).toBeGreaterThan(1);
    expect(firstDeltas.join("")).toBe(first.text);
    expect(first.toolCalls).toEqual([{ callId: "call_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }]);

    const history: HistoryItem[] = [
      user,
      { type: "assistant", text: first.text, toolCalls: first.toolCalls },
      { type: "tool-result", callId: "call_round_1", name: "read_measurement", isError: false, content: storedRecord },
    ];
    const answerDeltas: string[] = [];
    const answer = await provider.generate(request(history), { onTextDelta: (delta) => answerDeltas.push(delta) });
    expect(answer).toEqual({ text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [], usage: { inputTokens: 321, outputTokens: 12 } });
    expect(answerDeltas.join("")).toBe(answer.text);

    const sent = server.requests.at(-1);
    expect(sent?.path).toBe(adapter.path);
    expect(adapter.toolCallsOf(sent?.body)).toEqual([{ callId: "call_round_1", name: "read_measurement", arguments: { date: "2020-01-01" } }]);
    expect(adapter.toolResultsOf(sent?.body)).toMatchObject([{ callId: "call_round_1", flagged: false, content: storedRecord }]);
    // The fake model saw the same neutral history back, flag and content intact.
    expect(seen.at(-1)).toEqual({ system, history });
  });

  it("keeps streamed arguments that are not valid JSON verbatim, and replays that call with empty arguments", async () => {
    const provider = adapter.create(server.url);
    const user: HistoryItem = { type: "user", text: "Try the broken call." };
    const first = await provider.generate(request([user]));
    expect(first.toolCalls).toEqual([{ callId: "call_broken_1", name: "read_measurement", arguments: '{"date": "2020-01-0' }]);

    const result: HistoryItem = { type: "tool-result", callId: "call_broken_1", name: "read_measurement", isError: true, content: '{"kind":"tool_error"}' };
    await provider.generate(request([user, { type: "assistant", text: "", toolCalls: first.toolCalls }, result]));
    expect(adapter.toolCallsOf(server.requests.at(-1)?.body)).toEqual([{ callId: "call_broken_1", name: "read_measurement", arguments: {} }]);
  });
});
