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
  return fetch(`${server.url}/_script`, {
    method,
    headers: { "content-type": "application/json" },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
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

describe("fake provider scripted turns", () => {
  const turnScript = (userMessage: string, texts: string[]) => ({ turns: [{ userMessage, responses: texts.map((text) => ({ text })) }] });
  function postTurns(body: unknown) {
    return fetch(`${server.url}/_script/turns`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }
  const input = (items: unknown[]) => ({ model: "gpt-5-mini", input: items, store: false, stream: false }) as never;
  const user = (text: string) => ({ role: "user", content: text });

  it("answers by the turn's user message and its round, the same every time, so repeated runs replay one script", async () => {
    expect(await (await postTurns(turnScript("Read the 1st", ["first round", "second round"]))).json()).toEqual({ turns: 1 });
    const round0 = await client.responses.create(input([user("Read the 1st")]));
    expect(round0.output_text).toBe("first round");
    const again = await client.responses.create(input([user("Read the 1st")]));
    expect(again.output_text).toBe("first round");
    const round1 = await client.responses.create(
      input([
        user("Read the 1st"),
        { type: "function_call", call_id: "call_1", name: "read_measurement", arguments: readArguments },
        { type: "function_call_output", call_id: "call_1", output: "{}" },
      ]),
    );
    expect(round1.output_text).toBe("second round");
    // Another user message is not scripted: the Decide function answers it.
    expect((await client.responses.create(input([user("Something else")]))).output_text).toBe("decided");
  });

  it("replaces a turn scripted again with the same message, and refuses a round the script does not cover", async () => {
    await postTurns(turnScript("Read the 1st", ["old"]));
    await postTurns(turnScript("Read the 1st", ["new"]));
    expect((await client.responses.create(input([user("Read the 1st")]))).output_text).toBe("new");
    const beyond = client.responses.create(
      input([
        user("Read the 1st"),
        { type: "function_call", call_id: "call_1", name: "read_measurement", arguments: readArguments },
        { type: "function_call_output", call_id: "call_1", output: "{}" },
      ]),
    );
    await expect(beyond).rejects.toMatchObject({ status: 400, message: expect.stringContaining("no response for round 1") });
  });

  it("forgets scripted turns on DELETE /_script", async () => {
    await postTurns(turnScript("Read the 1st", ["scripted"]));
    await postScript(undefined, "DELETE");
    expect((await client.responses.create(input([user("Read the 1st")]))).output_text).toBe("decided");
  });
});
