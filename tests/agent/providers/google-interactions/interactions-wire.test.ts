// Google only: how the Interactions wire carries a request (key, store: false, tools without $schema, the history's
// steps) and the signatures it must echo. The round trip every adapter shares is tests/agent/providers/round-trip.test.ts.
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
const storedRecord = serializeOutcomeContent(
  successOutcome({ date: "2020-01-01", values: { weight_kg: 76 }, note: "", updated_at: "2020-01-01T08:00:00.000Z" }),
);

/** Asks for the record with signatures on "signed", else answers. */
const decide: Decide = (input) => {
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
  return createGoogleInteractionsProvider({ apiKey: "test-key", baseUrl: server.url, model: "gemini-test" });
}

describe("Google Interactions wire", () => {
  it("sends the key, store: false, the tools without $schema and the history as user_input, model_output and function steps", async () => {
    const google = provider();
    expect(google.name).toBe("google");
    await google.generate(
      request([
        { type: "user", text: "What did I weigh on 2020-01-01?" },
        {
          type: "assistant",
          text: "Let me check that date.",
          toolCalls: [{ callId: "call_round_1", name: "read_measurement", arguments: '{"date":"2020-01-01"}' }],
        },
        { type: "tool-result", callId: "call_round_1", name: "read_measurement", isError: false, content: storedRecord },
      ]),
    );

    const sent = server.requests.at(-1);
    expect(sent?.path).toBe("/v1beta/interactions");
    expect(sent?.headers["x-goog-api-key"]).toBe("test-key");
    expect(sent?.body).toMatchObject({ model: "gemini-test", store: false, stream: true, system_instruction: system });
    const body = sent?.body as { input: unknown; tools: unknown };
    // $schema is dropped; the rest of the tool schema is sent as is.
    expect(body.tools).toEqual([
      {
        type: "function",
        name: "read_measurement",
        description: readTool.description,
        parameters: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
      },
    ]);
    expect(body.input).toEqual([
      { type: "user_input", content: [{ type: "text", text: "What did I weigh on 2020-01-01?" }] },
      { type: "model_output", content: [{ type: "text", text: "Let me check that date." }] },
      { type: "function_call", id: "call_round_1", name: "read_measurement", arguments: { date: "2020-01-01" } },
      { type: "function_result", call_id: "call_round_1", name: "read_measurement", result: JSON.parse(storedRecord) },
    ]);
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
});
