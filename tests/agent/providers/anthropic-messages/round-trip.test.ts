// The Anthropic adapter driven through the real SDK against the fake provider: a call, its result, the answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import type { ModelRequest } from "@/lib/agent/providers/types";
import { serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";

const readTool = {
  name: "read_measurement",
  description: "Reads the measurement record of one date.",
  parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"], additionalProperties: false },
};
const system = "You are the Palestra coach.";
const storedRecord = serializeOutcomeContent(successOutcome({ date: "2020-01-01", values: { weight_kg: 76 }, note: "", updated_at: "2020-01-01T08:00:00.000Z" }));

const seen: Array<{ system?: string; history: HistoryItem[] }> = [];
/** Asks for the record (two calls on "both"), then answers from whatever results came back. */
const decide: Decide = (input) => {
  seen.push(input);
  const last = input.history.at(-1);
  if (last?.type === "user" && last.text.includes("both")) {
    return {
      text: "",
      toolCalls: [
        { callId: "toolu_both_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' },
        { callId: "toolu_both_2", name: "read_measurement", arguments: '{"date":"2020-01-02"}' },
      ],
    };
  }
  if (last?.type === "user" && last.text.includes("broken")) return { text: "", toolCalls: [{ callId: "toolu_broken_1", name: "read_measurement", arguments: '{"date": "2020-01-0' }] };
  if (last?.type === "user") return { text: "Let me check that date.", toolCalls: [{ callId: "toolu_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }] };
  return { text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [], usage: { inputTokens: 321, outputTokens: 12 } };
};

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({ decide });
});
afterAll(async () => {
  await server.close();
});

function request(history: HistoryItem[]): ModelRequest {
  return { system, history, tools: [readTool], locale: "en" };
}

describe("Anthropic Messages adapter round trip", () => {
  it("streams a tool call, then the answer to its result, keeping the call id on the wire both ways", async () => {
    const provider = createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
    expect(provider.name).toBe("anthropic");
    const user: HistoryItem = { type: "user", text: "What did I weigh on 2020-01-01?" };

    const firstDeltas: string[] = [];
    const first = await provider.generate(request([user]), { onTextDelta: (delta) => firstDeltas.push(delta) });
    expect(first.text).toBe("Let me check that date.");
    expect(firstDeltas.length).toBeGreaterThan(1);
    expect(firstDeltas.join("")).toBe(first.text);
    expect(first.toolCalls).toEqual([{ callId: "toolu_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }]);

    const history: HistoryItem[] = [
      user,
      { type: "assistant", text: first.text, toolCalls: first.toolCalls },
      { type: "tool-result", callId: "toolu_round_1", name: "read_measurement", isError: false, content: storedRecord },
    ];
    const answerDeltas: string[] = [];
    const answer = await provider.generate(request(history), { onTextDelta: (delta) => answerDeltas.push(delta) });
    expect(answer).toEqual({ text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [], usage: { inputTokens: 321, outputTokens: 12 } });
    expect(answerDeltas.join("")).toBe(answer.text);

    const sent = server.requests.at(-1);
    expect(sent?.path).toBe("/v1/messages");
    // @anthropic-ai/sdk 1.x sends the key as a bearer token and pins its own API version (2026-10-21).
    expect(sent?.headers.authorization).toBe("Bearer test-key");
    expect(sent?.headers["anthropic-version"]).toBeTruthy();
    expect(sent?.body).toMatchObject({ model: "claude-test", max_tokens: 4096, stream: true, system });
    const body = sent?.body as { messages: unknown; tools: unknown };
    expect(body.tools).toEqual([{ name: "read_measurement", description: readTool.description, input_schema: readTool.parameters }]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "What did I weigh on 2020-01-01?" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me check that date." },
          { type: "tool_use", id: "toolu_round_1", name: "read_measurement", input: { date: "2020-01-01" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_round_1", content: storedRecord }] },
    ]);
    // The fake model saw the same neutral history back, flag and content intact.
    expect(seen.at(-1)).toEqual({ system, history });
  });

  it("sends every result of one round in the single user message after the tool_use blocks", async () => {
    const provider = createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
    const user: HistoryItem = { type: "user", text: "Compare both days." };
    const first = await provider.generate(request([user]));
    expect(first.text).toBe("");
    expect(first.toolCalls.map((call) => call.callId)).toEqual(["toolu_both_1", "toolu_both_2"]);

    const results: HistoryItem[] = first.toolCalls.map((call) => ({ type: "tool-result", callId: call.callId, name: call.name, isError: false, content: storedRecord }));
    await provider.generate(request([user, { type: "assistant", text: "", toolCalls: first.toolCalls }, ...results, { type: "user", text: "And?" }]));

    const messages = (server.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown[] }> }).messages;
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[1]?.content).toEqual([
      { type: "tool_use", id: "toolu_both_1", name: "read_measurement", input: { date: "2020-01-01" } },
      { type: "tool_use", id: "toolu_both_2", name: "read_measurement", input: { date: "2020-01-02" } },
    ]);
    expect(messages[2]?.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_both_1", content: storedRecord },
      { type: "tool_result", tool_use_id: "toolu_both_2", content: storedRecord },
      { type: "text", text: "And?" },
    ]);
  });

  it("keeps streamed arguments that are not valid JSON verbatim, and replays that call with an empty input object", async () => {
    const provider = createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
    const user: HistoryItem = { type: "user", text: "Try the broken call." };
    const first = await provider.generate(request([user]));
    expect(first.toolCalls).toEqual([{ callId: "toolu_broken_1", name: "read_measurement", arguments: '{"date": "2020-01-0' }]);

    const result: HistoryItem = { type: "tool-result", callId: "toolu_broken_1", name: "read_measurement", isError: true, content: '{"kind":"tool_error"}' };
    await provider.generate(request([user, { type: "assistant", text: "", toolCalls: first.toolCalls }, result]));
    const messages = (server.requests.at(-1)?.body as { messages: Array<{ content: unknown[] }> }).messages;
    expect(messages[1]?.content).toEqual([{ type: "tool_use", id: "toolu_broken_1", name: "read_measurement", input: {} }]);
  });
});
