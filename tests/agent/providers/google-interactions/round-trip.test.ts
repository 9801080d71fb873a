// The Google Interactions adapter driven through the real SDK against the fake provider: a call, its result, the
// answer, with call ids and signatures carried back on the next stateless request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import type { ModelRequest } from "@/lib/agent/providers/types";
import { serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";

const readTool = {
  name: "read_measurement",
  description: "Reads the measurement record of one date.",
  parameters: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { date: { type: "string" } }, required: ["date"] },
};
const system = "You are the Palestra coach.";
const storedRecord = serializeOutcomeContent(successOutcome({ date: "2020-01-01", values: { weight_kg: 76 }, note: "", updated_at: "2020-01-01T08:00:00.000Z" }));

const seen: Array<{ system?: string; history: HistoryItem[] }> = [];
/** Asks for the record (signed when the user says "signed"), then answers from the result. */
const decide: Decide = (input) => {
  seen.push(input);
  const last = input.history.at(-1);
  if (last?.type === "user" && last.text.includes("signed")) {
    return {
      text: "",
      toolCalls: [
        {
          callId: "call_signed_1",
          name: "read_measurement",
          arguments: '{"date":"2020-01-01"}',
          providerMetadata: { signature: "sig-call-AAA", thoughtSignature: "sig-thought-BBB" },
        },
      ],
    };
  }
  if (last?.type === "user" && last.text.includes("broken")) return { text: "", toolCalls: [{ callId: "call_broken_1", name: "read_measurement", arguments: '{"date": "2020-01-0' }] };
  if (last?.type === "user") return { text: "Let me check that date.", toolCalls: [{ callId: "call_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }] };
  return { text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [], usage: { inputTokens: 210, outputTokens: 9 } };
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
  return createGoogleInteractionsProvider({ apiKey: "test-key", baseUrl: server.url, model: "gemini-test" });
}

describe("Google Interactions adapter round trip", () => {
  it("streams a function call, then the answer to its result, keeping the call id on the wire both ways", async () => {
    const google = provider();
    expect(google.name).toBe("google");
    const user: HistoryItem = { type: "user", text: "What did I weigh on 2020-01-01?" };

    const firstDeltas: string[] = [];
    const first = await google.generate(request([user]), { onTextDelta: (delta) => firstDeltas.push(delta) });
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
    const answer = await google.generate(request(history), { onTextDelta: (delta) => answerDeltas.push(delta) });
    expect(answer).toEqual({ text: "On 2020-01-01 you weighed 76 kg.", toolCalls: [], usage: { inputTokens: 210, outputTokens: 9 } });
    expect(answerDeltas.join("")).toBe(answer.text);

    const sent = server.requests.at(-1);
    expect(sent?.path).toBe("/v1beta/interactions");
    expect(sent?.headers["x-goog-api-key"]).toBe("test-key");
    expect(sent?.body).toMatchObject({ model: "gemini-test", store: false, stream: true, system_instruction: system });
    const body = sent?.body as { input: unknown; tools: unknown };
    // $schema is dropped; the rest of the tool schema is sent as is.
    expect(body.tools).toEqual([
      { type: "function", name: "read_measurement", description: readTool.description, parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"] } },
    ]);
    expect(body.input).toEqual([
      { type: "user_input", content: [{ type: "text", text: "What did I weigh on 2020-01-01?" }] },
      { type: "model_output", content: [{ type: "text", text: "Let me check that date." }] },
      { type: "function_call", id: "call_round_1", name: "read_measurement", arguments: { date: "2020-01-01" } },
      { type: "function_result", call_id: "call_round_1", name: "read_measurement", result: JSON.parse(storedRecord) },
    ]);
    expect(seen.at(-1)).toEqual({ system, history });
  });

  it("echoes a function_call's signature and the preceding thought's signature on the next request", async () => {
    const google = provider();
    const user: HistoryItem = { type: "user", text: "Read it, signed." };
    const first = await google.generate(request([user]));
    expect(first.toolCalls).toEqual([
      {
        callId: "call_signed_1",
        name: "read_measurement",
        arguments: '{"date":"2020-01-01"}',
        providerMetadata: { signature: "sig-call-AAA", thoughtSignature: "sig-thought-BBB" },
      },
    ]);

    await google.generate(
      request([
        user,
        { type: "assistant", text: first.text, toolCalls: first.toolCalls },
        { type: "tool-result", callId: "call_signed_1", name: "read_measurement", isError: false, content: storedRecord },
      ]),
    );
    const input = (server.requests.at(-1)?.body as { input: unknown[] }).input;
    expect(input.slice(1, 3)).toEqual([
      { type: "thought", signature: "sig-thought-BBB" },
      { type: "function_call", id: "call_signed_1", name: "read_measurement", arguments: { date: "2020-01-01" }, signature: "sig-call-AAA" },
    ]);
  });

  it("keeps streamed arguments that are not valid JSON verbatim, and replays that call with empty arguments", async () => {
    const google = provider();
    const user: HistoryItem = { type: "user", text: "Try the broken call." };
    const first = await google.generate(request([user]));
    expect(first.toolCalls).toEqual([{ callId: "call_broken_1", name: "read_measurement", arguments: '{"date": "2020-01-0' }]);

    const result: HistoryItem = { type: "tool-result", callId: "call_broken_1", name: "read_measurement", isError: true, content: '{"kind":"tool_error"}' };
    await google.generate(request([user, { type: "assistant", text: "", toolCalls: first.toolCalls }, result]));
    const input = (server.requests.at(-1)?.body as { input: unknown[] }).input;
    expect(input[1]).toEqual({ type: "function_call", id: "call_broken_1", name: "read_measurement", arguments: {} });
  });
});
