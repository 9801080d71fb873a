// The fake provider's POST /_script: queued responses answer the next model requests in order, then Decide resumes.
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

let server: FakeProviderServer;
let client: OpenAI;

beforeEach(async () => {
  server = await startFakeProviderServer({ decide: () => ({ text: "decided", toolCalls: [] }) });
  client = new OpenAI({ apiKey: "sk-test", baseURL: `${server.url}/v1`, maxRetries: 0 });
});
afterEach(async () => {
  await server.close();
});

const params = { model: "gpt-5-mini", input: "Save and read", store: false, stream: false } as const;
const saveArguments = JSON.stringify({ date: "2020-01-04", values: { weight_kg: 77.4 } });
const readArguments = JSON.stringify({ date: "2020-01-01" });

function postScript(body: unknown, method = "POST") {
  return fetch(`${server.url}/_script`, { method, headers: { "content-type": "application/json" }, body: method === "POST" ? JSON.stringify(body) : undefined });
}

describe("fake provider scripted responses", () => {
  it("answers the next request with the scripted calls, in order, then falls back to the Decide function", async () => {
    const scripted = await postScript({
      responses: [
        {
          toolCalls: [
            { callId: "call_save", name: "save_measurement", arguments: saveArguments },
            { callId: "call_read", name: "read_measurement", arguments: readArguments },
          ],
        },
      ],
    });
    expect(await scripted.json()).toEqual({ scripted: 1 });
    const first = await client.responses.create(params);
    expect(first.output.map((item) => (item.type === "function_call" ? [item.call_id, item.name, item.arguments] : item.type))).toEqual([
      ["call_save", "save_measurement", saveArguments],
      ["call_read", "read_measurement", readArguments],
    ]);
    const second = await client.responses.create(params);
    expect(second.output_text).toBe("decided");
  });

  it("refuses a malformed script and forgets a script on DELETE", async () => {
    const malformed = await postScript({ responses: [{ toolCalls: [{ name: "read_measurement" }] }] });
    expect(malformed.status).toBe(400);
    await postScript({ responses: [{ text: "scripted" }] });
    expect(await (await postScript(undefined, "DELETE")).json()).toEqual({ scripted: 0 });
    expect((await client.responses.create(params)).output_text).toBe("decided");
  });
});
