// The fake /v1beta/interactions route answers @google/genai as the API does: a non-streaming Interaction in status
// requires_action with its function_call steps, and a 400 for a function_call left without its result.
import { GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({
    decide: () => ({
      text: "Checking.",
      toolCalls: [{ callId: "call_json_1", name: "read_measurement", arguments: '{"date":"2020-01-05"}', providerMetadata: { signature: "sig-json" } }],
      usage: { inputTokens: 40, outputTokens: 7 },
    }),
  });
});
afterAll(async () => {
  await server.close();
});

function client(): GoogleGenAI {
  return new GoogleGenAI({ apiKey: "test-key", vertexai: false, httpOptions: { baseUrl: server.url } });
}

describe("fake Google Interactions route", () => {
  it("answers a non-streaming request with status requires_action and the model's steps", async () => {
    const interaction = await client().interactions.create({ model: "gemini-test", input: "Read 2020-01-05", store: false, automatic_continuation: false });
    expect(interaction.status).toBe("requires_action");
    expect(interaction.output_text).toBe("Checking.");
    expect(interaction.steps).toEqual([
      { type: "model_output", content: [{ type: "text", text: "Checking." }] },
      { type: "function_call", id: "call_json_1", name: "read_measurement", arguments: { date: "2020-01-05" }, signature: "sig-json" },
    ]);
    expect(interaction.usage).toMatchObject({ total_input_tokens: 40, total_output_tokens: 7 });
  });

  it("refuses with 400 INVALID_ARGUMENT when a function_call has no function_result", async () => {
    const failure = await client()
      .interactions.create(
        {
          model: "gemini-test",
          store: false,
          automatic_continuation: false,
          input: [
            { type: "user_input", content: [{ type: "text", text: "Read 2020-01-05" }] },
            { type: "function_call", id: "call_open", name: "read_measurement", arguments: { date: "2020-01-05" } },
            { type: "user_input", content: [{ type: "text", text: "Well?" }] },
          ],
        },
        { retries: { strategy: "none" } },
      )
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400, error: { error: { code: 400, status: "INVALID_ARGUMENT" } } });
    expect(server.requests.at(-1)?.status).toBe(400);
  });
});
