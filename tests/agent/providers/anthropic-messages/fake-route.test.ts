// The fake /v1/messages route answers the official SDK as the API does: a non-streaming Message, and a 400 for a
// request that leaves a tool_use unanswered.
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({
    decide: () => ({
      text: "Checking.",
      toolCalls: [{ callId: "toolu_json_1", name: "read_measurement", arguments: '{"date":"2020-01-05"}' }],
      usage: { inputTokens: 40, outputTokens: 7 },
    }),
  });
});
afterAll(async () => {
  await server.close();
});

describe("fake Anthropic Messages route", () => {
  it("answers a non-streaming request with a Message holding text, tool_use and stop_reason tool_use", async () => {
    const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const message = await client.messages.create({ model: "claude-test", max_tokens: 100, messages: [{ role: "user", content: "Read 2020-01-05" }] });
    expect(message).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-test",
      stop_reason: "tool_use",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "toolu_json_1", name: "read_measurement", input: { date: "2020-01-05" } },
      ],
      usage: { input_tokens: 40, output_tokens: 7 },
    });
  });

  it("refuses with 400 invalid_request_error when a tool_use has no tool_result in the next message", async () => {
    const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const failure = await client.messages
      .create({
        model: "claude-test",
        max_tokens: 100,
        messages: [
          { role: "user", content: "Read 2020-01-05" },
          { role: "assistant", content: [{ type: "tool_use", id: "toolu_open", name: "read_measurement", input: { date: "2020-01-05" } }] },
          { role: "user", content: "Well?" },
        ],
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Anthropic.BadRequestError);
    expect(failure).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(server.requests.at(-1)?.status).toBe(400);
  });
});
