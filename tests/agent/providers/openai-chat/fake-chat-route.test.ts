// The fake's POST /v1/chat/completions, checked with the official SDK's own parsers (including its chunk accumulator),
// and the Chat adapter against the stream quirks of real local servers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAIChatProvider } from "@/lib/agent/providers/openai-chat/create-openai-chat-provider";
import { ProviderError } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";
import { buildRequest, readArguments, userMessage } from "../scripted-coach";

const secondArguments = JSON.stringify({ from: "2026-03-01", to: "2026-03-31" });
const answerWithCalls: Decide = () => ({
  text: "Let me look that up for you.",
  toolCalls: [
    { callId: "call_lookup_1", name: "read_measurement", arguments: readArguments },
    { callId: "call_lookup_2", name: "list_measurements", arguments: secondArguments },
  ],
  usage: { inputTokens: 120, outputTokens: 30 },
});

let server: FakeProviderServer;
let client: OpenAI;

beforeEach(async () => {
  server = await startFakeProviderServer({ decide: answerWithCalls });
  client = new OpenAI({ apiKey: "sk-test", baseURL: `${server.url}/v1`, maxRetries: 0 });
});
afterEach(async () => {
  await server.close();
});

const messages = [{ role: "user" as const, content: "What did I weigh?" }];
const expectedToolCalls = [
  { id: "call_lookup_1", type: "function", function: { name: "read_measurement", arguments: readArguments } },
  { id: "call_lookup_2", type: "function", function: { name: "list_measurements", arguments: secondArguments } },
];

describe("fake POST /v1/chat/completions", () => {
  it("answers a non-streaming request with a chat.completion the SDK reads, tool_calls and finish_reason included", async () => {
    const completion = await client.chat.completions.create({ model: "llama3.1", messages });
    expect(completion).toMatchObject({ object: "chat.completion", model: "llama3.1" });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]).toMatchObject({
      index: 0,
      finish_reason: "tool_calls",
      message: { role: "assistant", content: "Let me look that up for you." },
    });
    expect(completion.choices[0]?.message.tool_calls).toEqual(expectedToolCalls);
    expect(completion.usage).toEqual({ prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 });
  });

  it("streams chunks that the SDK's accumulator turns into the same completion, usage last, then [DONE]", async () => {
    const stream = client.chat.completions.stream({ model: "llama3.1", messages, stream_options: { include_usage: true } });
    let chunks = 0;
    stream.on("chunk", () => chunks++);
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe("Let me look that up for you.");
    expect(final.choices[0]?.message.tool_calls).toMatchObject(expectedToolCalls);
    expect(final.choices[0]?.finish_reason).toBe("tool_calls");
    expect(final.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 30 });
    expect(chunks).toBeGreaterThan(6);
  });

  it("answers finish_reason stop when the model only talks", async () => {
    await server.close();
    server = await startFakeProviderServer({ decide: () => ({ text: "Hello.", toolCalls: [] }) });
    client = new OpenAI({ apiKey: "sk-test", baseURL: `${server.url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "llama3.1", messages });
    expect(completion.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: "Hello." } });
    expect(completion.choices[0]?.message.tool_calls).toBeUndefined();
  });

  it("refuses an invented is_error field on a tool message", async () => {
    const failure = await client.chat.completions
      .create({
        model: "llama3.1",
        messages: [
          ...messages,
          { role: "assistant", content: null, tool_calls: [expectedToolCalls[0] as OpenAI.ChatCompletionMessageFunctionToolCall] },
          { role: "tool", tool_call_id: "call_lookup_1", content: "{}", is_error: true } as never,
        ],
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect(failure).toMatchObject({ status: 400, param: "messages[2].is_error", code: "unknown_parameter" });
  });
});

describe("the Chat adapter against raw local-server streams", () => {
  let rawServer: http.Server;
  let chunks: unknown[] = [];

  beforeEach(async () => {
    rawServer = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(chunks.map((chunk) => `data: ${typeof chunk === "string" ? chunk : JSON.stringify(chunk)}\n\n`).join(""));
    });
    await new Promise<void>((resolve) => rawServer.listen(0, "127.0.0.1", resolve));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => rawServer.close(() => resolve()));
  });

  function generate() {
    const port = (rawServer.address() as AddressInfo).port;
    const provider = createOpenAIChatProvider({ baseURL: `http://127.0.0.1:${port}/v1`, model: "llama3.1" });
    return provider.generate(buildRequest([userMessage])).catch((error: unknown) => error);
  }

  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "llama3.1",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });

  it("separates calls that all arrive at index 0 with different ids, and names a call that came without an id", async () => {
    chunks = [
      chunk({ tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "read_measurement", arguments: readArguments } }] }),
      chunk({ tool_calls: [{ index: 0, id: "call_b", type: "function", function: { name: "list_measurements", arguments: secondArguments } }] }),
      chunk({ tool_calls: [{ index: 1, type: "function", function: { name: "read_measurement", arguments: "{" } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: "}" } }] }, "stop"),
      "[DONE]",
    ];
    const response = await generate();
    expect(response).toMatchObject({
      toolCalls: [
        { callId: "call_a", name: "read_measurement", arguments: readArguments },
        { callId: "call_b", name: "list_measurements", arguments: secondArguments },
        { callId: expect.stringMatching(/^call_[0-9a-f-]{36}$/), name: "read_measurement", arguments: "{}" },
      ],
    });
  });

  it.each([
    ["an error payload inside the stream", [chunk({ content: "Hi" }), { error: { message: "model crashed", type: "server_error" } }]],
    ["a stream that ends without a finish_reason", [chunk({ content: "Hi" }), "[DONE]"]],
  ])("turns %s into a stream ProviderError", async (_label, body) => {
    chunks = body;
    const failure = await generate();
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: "stream", status: undefined });
  });
});
