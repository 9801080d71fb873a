// The fake's POST /v1/responses, checked with the official SDK's own parsers (including its strict stream accumulator).
import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAIResponsesProvider } from "@/lib/agent/providers/openai-responses/create-openai-responses-provider";
import { ProviderError } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";
import { buildRequest, readArguments, userMessage } from "../scripted-coach";

const answerWithCall: Decide = () => ({
  text: "Let me look that up for you.",
  toolCalls: [{ callId: "call_lookup_1", name: "read_measurement", arguments: readArguments }],
  usage: { inputTokens: 120, outputTokens: 30 },
});

let server: FakeProviderServer;
let client: OpenAI;

beforeEach(async () => {
  server = await startFakeProviderServer({ decide: answerWithCall });
  client = new OpenAI({ apiKey: "sk-test", baseURL: `${server.url}/v1`, maxRetries: 0 });
});
afterEach(async () => {
  await server.close();
});

const params = { model: "gpt-5-mini", instructions: "Be brief.", input: "What did I weigh?", store: false } as const;

describe("fake POST /v1/responses", () => {
  it("answers a non-streaming request with a response object the SDK reads, text and function_call items included", async () => {
    const response = await client.responses.create({ ...params, stream: false });
    expect(response).toMatchObject({ object: "response", status: "completed", model: "gpt-5-mini", instructions: "Be brief.", error: null });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output_text).toBe("Let me look that up for you.");
    expect(response.output[1]).toEqual({
      id: expect.stringMatching(/^fc_/),
      type: "function_call",
      status: "completed",
      call_id: "call_lookup_1",
      name: "read_measurement",
      arguments: readArguments,
    });
    expect(response.usage).toMatchObject({ input_tokens: 120, output_tokens: 30, total_tokens: 150 });
  });

  it("streams the official event sequence, which the SDK's accumulator turns into the same final response", async () => {
    const stream = client.responses.stream(params);
    const types: string[] = [];
    stream.on("event", (event) => types.push(event.type));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe("Let me look that up for you.");
    expect(final.output[1]).toMatchObject({ type: "function_call", call_id: "call_lookup_1", arguments: readArguments });
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(new Set(types)).toEqual(
      new Set([
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.content_part.added",
        "response.output_text.delta",
        "response.output_text.done",
        "response.content_part.done",
        "response.function_call_arguments.delta",
        "response.function_call_arguments.done",
        "response.output_item.done",
        "response.completed",
      ]),
    );
    expect(types.filter((type) => type === "response.function_call_arguments.delta").length).toBeGreaterThan(1);
  });

  it("refuses an invented is_error field on a function_call_output as the real API does", async () => {
    const failure = await client.responses
      .create({
        model: "gpt-5-mini",
        input: [
          { type: "function_call", call_id: "call_1", name: "read_measurement", arguments: "{}" },
          { type: "function_call_output", call_id: "call_1", output: "{}", is_error: true } as never,
        ],
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect(failure).toMatchObject({ status: 400, param: "input[1].is_error", code: "unknown_parameter" });
    expect(server.requests[0]?.status).toBe(400);
  });
});

describe("stream failures reaching the Responses adapter", () => {
  let rawServer: http.Server;
  let body = "";

  beforeEach(async () => {
    rawServer = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(body);
    });
    await new Promise<void>((resolve) => rawServer.listen(0, "127.0.0.1", resolve));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => rawServer.close(() => resolve()));
  });

  async function generateAgainstRawServer() {
    const port = (rawServer.address() as AddressInfo).port;
    const provider = createOpenAIResponsesProvider({ apiKey: "sk-test", baseURL: `http://127.0.0.1:${port}/v1`, model: "gpt-5-mini" });
    return provider.generate(buildRequest([userMessage])).catch((error: unknown) => error);
  }

  const created = `event: response.created\ndata: ${JSON.stringify({ type: "response.created", sequence_number: 0, response: { id: "resp_1", output: [] } })}\n\n`;

  it.each([
    ["an error event", `event: error\ndata: ${JSON.stringify({ type: "error", sequence_number: 1, code: "server_error", message: "boom", param: null })}\n\n`],
    ["a payload carrying an error object", `event: error\ndata: ${JSON.stringify({ type: "error", error: { message: "boom", type: "server_error" } })}\n\n`],
    [
      "response.failed",
      `event: response.failed\ndata: ${JSON.stringify({ type: "response.failed", sequence_number: 1, response: { id: "resp_1", error: { code: "server_error", message: "boom" } } })}\n\n`,
    ],
    ["a stream that stops before response.completed", ""],
  ])("turns %s into a stream ProviderError", async (_label, tail) => {
    body = created + tail;
    const failure = await generateAgainstRawServer();
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: "stream", status: undefined });
  });
});
