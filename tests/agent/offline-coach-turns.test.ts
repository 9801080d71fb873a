import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import type { ModelProvider, ModelRequest } from "@/lib/agent/providers/types";
import { runTurn } from "@/lib/agent/run-turn";
import type { Locale } from "@/lib/i18n/locale";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

/** The real offline coach, counting the model requests runTurn makes. */
function countingOfflineProvider(): ModelProvider & { requests: ModelRequest[] } {
  const inner = createOfflineProvider();
  const requests: ModelRequest[] = [];
  return { name: inner.name, model: inner.model, requests, generate: (request, options) => (requests.push(request), inner.generate(request, options)) };
}

async function turn(message: string, locale: Locale, conversationId?: string) {
  const provider = countingOfflineProvider();
  const result = await runTurn({ store: database.store, userId, conversationId, message, locale, provider, today: "2026-11-30", faultsEnabled: true });
  return { result, requests: provider.requests.length };
}

describe("the offline coach through runTurn", () => {
  it.each([
    ["en", "What did I weigh on 2 January 2020? If there is nothing, try the 1st.", /76 kg/],
    ["es", "¿Cuánto pesaba el 2 de enero de 2020? Si no hay nada, prueba el 1.", /76 kg/],
    ["pt", "Quanto eu pesava em 2 de janeiro de 2020? Se não houver nada, tente o dia 1.", /76 kg/],
  ] as const)("runs the seeds' case study in %s: not_found, fallback, 76 kg, three model requests", async (locale, message, expected) => {
    await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: "seed",
      input: { date: "2020-01-01", values: { weight_kg: 76 } },
      traceId: "t",
      locale,
    });
    const { result, requests } = await turn(message, locale);
    expect(result.outcome).toBe("answered");
    expect(result.toolCalls.map((call) => [call.name, JSON.parse(call.arguments).date, call.error ?? "ok"])).toEqual([
      ["read_measurement", "2020-01-02", "not_found"],
      ["read_measurement", "2020-01-01", "ok"],
    ]);
    expect(result.reply).toMatch(expected);
    expect(requests).toBe(3);
  });

  it("saves, meets a conflict, and replaces after the user confirms in the same conversation", async () => {
    const first = await turn("Save weight 76 kg for 2020-01-04", "en");
    expect(first.result.toolCalls[0]).toMatchObject({ name: "save_measurement", status: "ok" });
    const second = await turn("Save weight 77.4 kg for 2020-01-04", "en", first.result.conversationId);
    expect(second.result.toolCalls[0]).toMatchObject({ error: "conflict" });
    expect(second.result.outcome).toBe("answered");
    const third = await turn("Yes, replace it", "en", first.result.conversationId);
    expect(JSON.parse(third.result.toolCalls[0]?.arguments ?? "{}")).toMatchObject({ date: "2020-01-04", values: { weight_kg: 77.4 }, replace: true });
    expect(await listAllMeasurements({ store: database.store, userId })).toEqual([
      expect.objectContaining({ date: "2020-01-04", values: { weight_kg: 77.4 } }),
    ]);
  });

  it("corrects a wrong date format and an unknown field after bad_arguments, saving exactly once", async () => {
    const { result } = await turn("Save weight=77.4kg on the 4th of March 2020", "en");
    expect(result.toolCalls.map((call) => call.error ?? "ok").at(-1)).toBe("ok");
    expect(result.toolCalls.slice(0, -1).every((call) => call.error === "bad_arguments")).toBe(true);
    expect(await listAllMeasurements({ store: database.store, userId })).toEqual([
      expect.objectContaining({ date: "2020-03-04", values: { weight_kg: 77.4 } }),
    ]);
  });
});
