import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAIChatProvider, LOCAL_SERVER_API_KEY } from "@/lib/agent/providers/openai-chat/create-openai-chat-provider";
import { ProviderError } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import {
  assistantCall,
  buildRequest,
  createScriptedCoach,
  notFoundContent,
  readArguments,
  readMeasurementTool,
  systemPrompt,
  toolResult,
  trickySuccessContent,
  userMessage,
} from "../scripted-coach";

let server: FakeProviderServer;
let coach: ReturnType<typeof createScriptedCoach>;

beforeEach(async () => {
  coach = createScriptedCoach({ callId: "call_weight_7Qx" });
  server = await startFakeProviderServer({ decide: (input) => coach.decide(input) });
});
afterEach(async () => {
  await server.close();
});

function createProvider(apiKey?: string) {
  return createOpenAIChatProvider({ apiKey, baseURL: `${server.url}/v1`, model: "llama3.1" });
}

function recordedMessages(index: number): unknown[] {
  return (server.requests[index]?.body as { messages: unknown[] }).messages;
}

describe("createOpenAIChatProvider", () => {
  it("streams a request with the system message, the history and function tools, with a placeholder key when none is set", async () => {
    await createProvider().generate(buildRequest([userMessage]));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe("/v1/chat/completions");
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${LOCAL_SERVER_API_KEY}`);
    expect(server.requests[0]?.body).toEqual({
      model: "llama3.1",
      messages: [
        { role: "system", content: systemPrompt },
        { role: "user", content: "What did I weigh on 4 March?" },
      ],
      tools: [
        { type: "function", function: { name: "read_measurement", description: readMeasurementTool.description, parameters: readMeasurementTool.parameters } },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("sends the given API key", async () => {
    await createProvider("sk-vllm").generate(buildRequest([userMessage]));
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-vllm");
  });

  it("assembles the streamed tool call with the model's call id and its arguments text", async () => {
    const response = await createProvider().generate(buildRequest([userMessage]));
    expect(response.text).toBe("");
    expect(response.toolCalls).toEqual([{ callId: "call_weight_7Qx", name: "read_measurement", arguments: readArguments }]);
    expect(response.usage?.inputTokens).toBeGreaterThan(0);
    expect(response.usage?.outputTokens).toBeGreaterThan(0);
  });

  it("completes a round trip: the result goes back under the model's call id and the streamed deltas make the answer", async () => {
    const provider = createProvider();
    const first = await provider.generate(buildRequest([userMessage]));
    const success = JSON.stringify({ date: "2026-03-04", values: { weight_kg: 77.4 } });
    const history = [
      userMessage,
      { type: "assistant" as const, text: first.text, toolCalls: first.toolCalls },
      toolResult({ callId: "call_weight_7Qx", isError: false, content: success }),
    ];
    const deltas: string[] = [];
    const second = await provider.generate(buildRequest(history), { onTextDelta: (delta) => deltas.push(delta) });

    expect(second).toMatchObject({ text: `The tool succeeded for call_weight_7Qx: ${success}`, toolCalls: [] });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(second.text);
    expect(recordedMessages(1)).toEqual([
      { role: "system", content: systemPrompt },
      { role: "user", content: "What did I weigh on 4 March?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_weight_7Qx", type: "function", function: { name: "read_measurement", arguments: readArguments } }],
      },
      { role: "tool", tool_call_id: "call_weight_7Qx", content: success },
    ]);
  });

  it("sends an error outcome as a plain tool message whose content is the error JSON", async () => {
    const history = [userMessage, assistantCall("call_err_1"), toolResult({ callId: "call_err_1", isError: true, content: notFoundContent })];
    const response = await createProvider().generate(buildRequest(history));

    expect(recordedMessages(0)[3]).toStrictEqual({ role: "tool", tool_call_id: "call_err_1", content: notFoundContent });
    expect(coach.inputs[0]?.history.at(-1)).toEqual({
      type: "tool-result",
      callId: "call_err_1",
      name: "read_measurement",
      isError: true,
      content: notFoundContent,
    });
    expect(response.text).toBe(`The tool failed for call_err_1: ${notFoundContent}`);
  });

  it('keeps a success whose note reads "is_error": true a success, byte for byte', async () => {
    const history = [userMessage, assistantCall("call_ok_1"), toolResult({ callId: "call_ok_1", isError: false, content: trickySuccessContent })];
    const response = await createProvider().generate(buildRequest(history));

    expect(recordedMessages(0)[3]).toStrictEqual({ role: "tool", tool_call_id: "call_ok_1", content: trickySuccessContent });
    expect(coach.inputs[0]?.history.at(-1)).toMatchObject({ isError: false, content: trickySuccessContent });
    expect(response.text.startsWith("The tool succeeded for call_ok_1: ")).toBe(true);
  });

  it("carries a call id the server generated through to our result", async () => {
    coach = createScriptedCoach();
    const provider = createProvider();
    const first = await provider.generate(buildRequest([userMessage]));
    const callId = first.toolCalls[0]?.callId ?? "";
    expect(callId).toMatch(/^call_/);
    const history = [userMessage, { type: "assistant" as const, text: "", toolCalls: first.toolCalls }, toolResult({ callId, isError: false, content: "{}" })];
    await provider.generate(buildRequest(history));
    expect(recordedMessages(1)[3]).toStrictEqual({ role: "tool", tool_call_id: callId, content: "{}" });
    expect(server.requests[1]?.status).toBe(200);
  });

  it("is refused with bad_request when a result names a call id the model never made", async () => {
    const history = [userMessage, assistantCall("call_a"), toolResult({ callId: "call_b", isError: false, content: "{}" })];
    const failure = await createProvider()
      .generate(buildRequest(history))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: "bad_request", status: 400 });
  });
});
