// Anthropic only: how the Messages wire carries a request (key, API version, tools, the history's blocks) and one
// round's results. The round trip every adapter shares is tests/agent/providers/round-trip.test.ts.
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
const storedRecord = serializeOutcomeContent(
  successOutcome({ date: "2020-01-01", values: { weight_kg: 76 }, note: "", updated_at: "2020-01-01T08:00:00.000Z" }),
);

/** Asks for two records on "both", else answers. */
const decide: Decide = (input) => {
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
  return { text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [] };
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

function provider() {
  return createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
}

describe("Anthropic Messages wire", () => {
  it("sends the key, its API version, the tools and the history as text, tool_use and tool_result blocks", async () => {
    const anthropic = provider();
    expect(anthropic.name).toBe("anthropic");
    await anthropic.generate(
      request([
        { type: "user", text: "What did I weigh on 2020-01-01?" },
        {
          type: "assistant",
          text: "Let me check that date.",
          toolCalls: [{ callId: "toolu_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }],
        },
        { type: "tool-result", callId: "toolu_round_1", name: "read_measurement", isError: false, content: storedRecord },
      ]),
    );

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
  });

  it("sends every result of one round in the single user message after the tool_use blocks", async () => {
    const anthropic = provider();
    const user: HistoryItem = { type: "user", text: "Compare both days." };
    const first = await anthropic.generate(request([user]));
    expect(first.text).toBe("");
    expect(first.toolCalls.map((call) => call.callId)).toEqual(["toolu_both_1", "toolu_both_2"]);

    const results: HistoryItem[] = first.toolCalls.map((call) => ({
      type: "tool-result",
      callId: call.callId,
      name: call.name,
      isError: false,
      content: storedRecord,
    }));
    await anthropic.generate(request([user, { type: "assistant", text: "", toolCalls: first.toolCalls }, ...results, { type: "user", text: "And?" }]));

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
});
