import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAIResponsesProvider } from "@/lib/agent/providers/openai-responses/create-openai-responses-provider";
import { ProviderError } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import {
  assistantCall,
  buildRequest,
  createScriptedCoach,
  notFoundContent,
  readArguments,
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

function createProvider() {
  return createOpenAIResponsesProvider({ apiKey: "sk-test", baseURL: `${server.url}/v1`, model: "gpt-5-mini" });
}

function recordedInput(index: number): unknown[] {
  return (server.requests[index]?.body as { input: unknown[] }).input;
}

describe("createOpenAIResponsesProvider", () => {
  it("sends a stateless streamed request with instructions, the history and non-strict function tools", async () => {
    await createProvider().generate(buildRequest([userMessage]));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe("/v1/responses");
    expect(server.requests[0]?.body).toEqual({
      model: "gpt-5-mini",
      instructions: systemPrompt,
      input: [{ type: "message", role: "user", content: userMessage.type === "user" ? userMessage.text : "" }],
      tools: [
        {
          type: "function",
          name: "read_measurement",
          description: "Reads the measurement record of one date.",
          parameters: buildRequest([]).tools[0]?.parameters,
          strict: false,
        },
      ],
      store: false,
      stream: true,
    });
  });

  it("returns the model's tool call with its call id, its arguments text and its item id", async () => {
    const response = await createProvider().generate(buildRequest([userMessage]));
    expect(response.text).toBe("");
    expect(response.toolCalls).toEqual([
      { callId: "call_weight_7Qx", name: "read_measurement", arguments: readArguments, providerMetadata: { itemId: expect.stringMatching(/^fc_/) } },
    ]);
    expect(response.usage?.inputTokens).toBeGreaterThan(0);
    expect(response.usage?.outputTokens).toBeGreaterThan(0);
  });

  it("completes a round trip: the result goes back under the model's call id and the streamed deltas make the answer", async () => {
    const provider = createProvider();
    const first = await provider.generate(buildRequest([userMessage]));
    const call = first.toolCalls[0];
    if (!call) throw new Error("expected a tool call");
    const success = JSON.stringify({ date: "2026-03-04", values: { weight_kg: 77.4 } });
    const deltas: string[] = [];
    const history = [
      userMessage,
      { type: "assistant" as const, text: first.text, toolCalls: first.toolCalls },
      toolResult({ callId: call.callId, isError: false, content: success }),
    ];
    const second = await provider.generate(buildRequest(history), { onTextDelta: (delta) => deltas.push(delta) });

    expect(second.toolCalls).toEqual([]);
    expect(second.text).toBe(`The tool succeeded for call_weight_7Qx: ${success}`);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(second.text);
    // The item id is kept for traces but not echoed: a reasoning model refuses an fc_ id without its reasoning item.
    expect(recordedInput(1)).toEqual([
      { type: "message", role: "user", content: "What did I weigh on 4 March?" },
      { type: "function_call", call_id: "call_weight_7Qx", name: "read_measurement", arguments: readArguments },
      { type: "function_call_output", call_id: "call_weight_7Qx", output: success },
    ]);
  });

  it("sends an error outcome as a plain function_call_output whose output is the error JSON, with no is_error field", async () => {
    const history = [userMessage, assistantCall("call_err_1"), toolResult({ callId: "call_err_1", isError: true, content: notFoundContent })];
    const response = await createProvider().generate(buildRequest(history));

    const outputItem = recordedInput(0)[2] as Record<string, unknown>;
    expect(outputItem).toStrictEqual({ type: "function_call_output", call_id: "call_err_1", output: notFoundContent });
    expect(Object.keys(outputItem)).not.toContain("is_error");
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

    expect(recordedInput(0)[2]).toStrictEqual({ type: "function_call_output", call_id: "call_ok_1", output: trickySuccessContent });
    expect(coach.inputs[0]?.history.at(-1)).toMatchObject({ isError: false, content: trickySuccessContent });
    expect(response.text.startsWith("The tool succeeded for call_ok_1: ")).toBe(true);
  });

  it("carries a call id the provider generated through to our result", async () => {
    coach = createScriptedCoach();
    const provider = createProvider();
    const first = await provider.generate(buildRequest([userMessage]));
    const callId = first.toolCalls[0]?.callId ?? "";
    expect(callId).toMatch(/^call_/);
    const history = [userMessage, { type: "assistant" as const, text: "", toolCalls: first.toolCalls }, toolResult({ callId, isError: false, content: "{}" })];
    await provider.generate(buildRequest(history));
    expect(recordedInput(1)[2]).toStrictEqual({ type: "function_call_output", call_id: callId, output: "{}" });
    expect(server.requests[1]?.status).toBe(200);
  });

  it("is refused with bad_request when a result names a call id the model never made", async () => {
    const history = [userMessage, assistantCall("call_a"), toolResult({ callId: "call_b", isError: false, content: "{}" })];
    const failure = await createProvider()
      .generate(buildRequest(history))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: "bad_request", status: 400 });
    expect(server.requests).toHaveLength(1);
  });
});
