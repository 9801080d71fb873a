// The same conversations through all four adapters and the real SDKs, against the fake server driven by the offline brain.
import { afterAll, beforeAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { createOpenAIChatProvider } from "@/lib/agent/providers/openai-chat/create-openai-chat-provider";
import { createOpenAIResponsesProvider } from "@/lib/agent/providers/openai-responses/create-openai-responses-provider";
import type { ModelProvider } from "@/lib/agent/providers/types";
import { runTurn } from "@/lib/agent/run-turn";
import { armFault } from "@/lib/faults/manage-faults";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import { createTestDatabase, type TestDatabase } from "../../support/agent-fixtures";
import { createTestUser } from "../../support/create-test-user";

let server: FakeProviderServer;
let database: TestDatabase;
let userId: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ decide: decideNextStep });
});
afterAll(() => server.close());
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
  server.requests.length = 0;
});
afterEach(() => database.close());

const adapters: Record<string, () => ModelProvider> = {
  openai: () => createOpenAIResponsesProvider({ apiKey: "test", baseURL: `${server.url}/v1`, model: "gpt-test" }),
  "openai-chat": () => createOpenAIChatProvider({ baseURL: `${server.url}/v1`, model: "llama-test" }),
  anthropic: () => createAnthropicMessagesProvider({ apiKey: "test", baseURL: server.url, model: "claude-test" }),
  google: () => createGoogleInteractionsProvider({ apiKey: "test", baseUrl: server.url, model: "gemini-test" }),
};

const caseStudy = "What did I weigh on 2 January 2020? If there is nothing, try the 1st.";

function turn(provider: ModelProvider, message: string, conversationId?: string) {
  return runTurn({ store: database.store, userId, conversationId, message, locale: "en", provider, today: "2026-11-30", faultsEnabled: true });
}

/** A turn's stored outcomes with the per-turn trace id and the clock removed, to compare runs. */
async function storedOutcomes(handle: TestDatabase, turnId: string) {
  return (await handle.store.inspection.toolCallsOfTurn({ turnId })).map((row) => ({
    name: row.name,
    isError: row.isError,
    code: row.errorCode,
    outcome: { ...JSON.parse(row.outcome ?? "{}"), trace_id: undefined, updated_at: undefined },
  }));
}

/** How the not_found result of the case study travelled on each wire: the flag (or its absence) and the content. */
function sentFailure(name: string): { flag: unknown; content: unknown } {
  const bodies = server.requests.map((request) => JSON.stringify(request.body));
  const last = JSON.parse(bodies.at(-1) ?? "{}");
  if (name === "anthropic") {
    const blocks = last.messages.flatMap((message: { content: unknown }) => (Array.isArray(message.content) ? message.content : []));
    const result = blocks.find((block: { type: string }) => block.type === "tool_result");
    return { flag: result.is_error, content: result.content };
  }
  if (name === "google") {
    const steps = (Array.isArray(last.input) ? last.input : []).flatMap((step: { content?: unknown }) => (Array.isArray(step.content) ? step.content : [step]));
    const result = steps.find((step: { type: string }) => step.type === "function_result");
    return { flag: result.is_error, content: typeof result.result === "string" ? result.result : JSON.stringify(result.result) };
  }
  if (name === "openai") {
    const result = last.input.find((item: { type?: string }) => item.type === "function_call_output");
    return { flag: "is_error" in result ? result.is_error : "absent", content: result.output };
  }
  const result = last.messages.find((message: { role: string }) => message.role === "tool");
  return { flag: "is_error" in result ? result.is_error : "absent", content: result.content };
}

describe.each(Object.keys(adapters))("through the %s adapter", (name) => {
  it("runs the seeds' case study with the same stored outcomes, the failure in the API's own format", async () => {
    await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: "seed",
      input: { date: "2020-01-01", values: { weight_kg: 76 } },
      traceId: "t",
      locale: "en",
    });
    const result = await turn(adapters[name]!(), caseStudy);
    expect(result.outcome).toBe("answered");
    expect(result.modelRequests).toBe(3);
    expect(result.toolCalls.map((call) => [JSON.parse(call.arguments).date, call.error ?? "ok"])).toEqual([
      ["2020-01-02", "not_found"],
      ["2020-01-01", "ok"],
    ]);
    expect(result.reply).toContain("76 kg");
    const reference = createTestDatabase();
    try {
      const referenceUser = await createTestUser(reference.store);
      await saveMeasurement({
        store: reference.store,
        userId: referenceUser,
        idempotencyKey: "seed",
        input: { date: "2020-01-01", values: { weight_kg: 76 } },
        traceId: "t",
        locale: "en",
      });
      const offline = await runTurn({
        store: reference.store,
        userId: referenceUser,
        message: caseStudy,
        locale: "en",
        provider: createOfflineProvider(),
        today: "2026-11-30",
      });
      expect(await storedOutcomes(database, result.turnId)).toEqual(await storedOutcomes(reference, offline.turnId));
    } finally {
      reference.close();
    }
    const failure = sentFailure(name);
    expect(JSON.parse(String(failure.content))).toMatchObject({ kind: "tool_error", is_error: true, error: "not_found" });
    expect(failure.flag).toBe(name === "anthropic" || name === "google" ? true : "absent");
  });

  it("ends an uncertain write after one model request, with exactly one record stored", async () => {
    await armFault({ store: database.store, userId, input: { target: "write", mode: "lost_ack", count: 1 } });
    const result = await turn(adapters[name]!(), "Save weight 77.4 kg for 2020-01-04");
    expect(result.outcome).toBe("stopped_outcome_unknown");
    expect(server.requests).toHaveLength(1);
    expect(await listAllMeasurements({ store: database.store, userId })).toHaveLength(1);
  });

  it("corrects a call after bad_arguments and saves exactly one measurement", async () => {
    const result = await turn(adapters[name]!(), "Save weight=77.4kg on the 4th of March 2020");
    expect(result.toolCalls[0]?.error).toBe("bad_arguments");
    expect(result.toolCalls.at(-1)?.status).toBe("ok");
    expect(await listAllMeasurements({ store: database.store, userId })).toEqual([
      expect.objectContaining({ date: "2020-03-04", values: { weight_kg: 77.4 } }),
    ]);
  });

  it("saves pounds with units on this wire, converted by the tool, and reads them back in the person's units", async () => {
    const saved = await runTurn({
      store: database.store,
      userId,
      message: "I weighed 170 on 2020-01-04",
      locale: "en",
      provider: adapters[name]!(),
      today: "2026-11-30",
      unitSystem: "imperial",
    });
    expect(saved.toolCalls.map((call) => [JSON.parse(call.arguments), call.error ?? "ok"])).toEqual([
      [{ date: "2020-01-04", values: { weight_kg: 170 }, units: { mass: "lb" } }, "ok"],
    ]);
    expect(saved.reply).toContain("170 lb (77.1 kg)");
    expect(await listAllMeasurements({ store: database.store, userId })).toEqual([
      expect.objectContaining({ date: "2020-01-04", values: { weight_kg: 77.1 } }),
    ]);
    // The wire carried the units argument in the tool's declared schema, and the preference in the system prompt.
    expect(JSON.stringify(server.requests[0]?.body)).toContain("The user's unit preference: imperial");
    expect(JSON.stringify(server.requests[0]?.body)).toContain(
      '"mass":{"description":"Unit of weight_kg as sent: \\"kg\\" (default) or \\"lb\\".","type":"string","enum":["kg","lb"]}',
    );
    const read = await runTurn({
      store: database.store,
      userId,
      message: "What did I weigh on 2020-01-04?",
      locale: "en",
      provider: adapters[name]!(),
      today: "2026-11-30",
      unitSystem: "imperial",
    });
    expect(read.reply).toContain("weight 170 lb");
  });

  it.each([500, 503, 529, 429])("ends the turn as provider_error on HTTP %i, running no tool and writing nothing", async (status) => {
    await fetch(`${server.url}/_fail`, { method: "POST", body: JSON.stringify({ status, count: 10 }) });
    try {
      const result = await turn(adapters[name]!(), "Save weight 77.4 kg for 2020-01-04");
      expect(result).toMatchObject({ outcome: "provider_error", toolCalls: [] });
      expect(result.reply).toContain("None of your data was changed");
      expect(await listAllMeasurements({ store: database.store, userId })).toEqual([]);
    } finally {
      await fetch(`${server.url}/_fail`, { method: "DELETE" });
    }
  });
});

describe("switching provider inside a conversation", () => {
  it("keeps working because the history, error flags included, is rebuilt from the database", async () => {
    await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: "seed",
      input: { date: "2020-01-01", values: { weight_kg: 76 } },
      traceId: "t",
      locale: "en",
    });
    const first = await turn(adapters.anthropic!(), caseStudy);
    const outcomes = [first.toolCalls.map((call) => call.error ?? "ok")];
    for (const name of ["google", "openai", "openai-chat"]) {
      const next = await turn(adapters[name]!(), "What did I weigh on 2020-01-01?", first.conversationId);
      expect(next.outcome).toBe("answered");
      expect(next.reply).toContain("76 kg");
      outcomes.push(next.toolCalls.map((call) => call.error ?? "ok"));
    }
    expect(outcomes).toEqual([["not_found", "ok"], ["ok"], ["ok"], ["ok"]]);
    // The last request (Chat Completions) replayed the first turn's not_found with its content intact.
    const last = JSON.stringify(server.requests.at(-1)?.body);
    expect(last).toContain('\\"error\\":\\"not_found\\"');
  });
});
