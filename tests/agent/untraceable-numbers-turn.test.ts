// The harness runs the traceable-number check after every final answer: a model's invented number is left in the
// reply, stored on the answer as untraceable_numbers, recorded as a trace event and counted by provider.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/run-turn";
import { getMetrics } from "@/lib/observability/metrics";
import { answer, callTool, createScriptedProvider } from "../support/agent-fixtures";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";
import { createTestUser } from "../support/create-test-user";
import { saveMeasurement } from "@/lib/measurements/save-measurement";

let database: OpenedStore;
let userId: string;

async function counted(provider: string): Promise<number> {
  const metric = await getMetrics().untraceableNumbers.get();
  return metric.values.filter((value) => value.labels.provider === provider).reduce((sum, value) => sum + value.value, 0);
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    userId = await createTestUser(database.store);
    await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: "seed",
      input: { date: "2026-11-30", values: { weight_kg: 80.2 } },
      traceId: "t",
      locale: "en",
    });
  });
  afterEach(() => database.close());

  describe("the traceable-number check after the final answer", () => {
    it("stores, traces and counts a number the model invented, leaving the reply as written", async () => {
      const provider = createScriptedProvider([
        callTool("get_trend", { field: "weight_kg" }),
        answer("Your trend is 80.2 kg; you will reach 65 kg by spring."),
      ]);
      const before = await counted(provider.name);
      const result = await runTurn({ store: database.store, userId, message: "How am I doing?", locale: "en", provider, today: "2026-12-01" });
      expect(result.reply).toBe("Your trend is 80.2 kg; you will reach 65 kg by spring.");
      expect(result.untraceableNumbers).toEqual(["65"]);
      const stored = (await database.store.inspection.messagesOfConversation({ conversationId: result.conversationId })).filter(
        (row) => row.turnId === result.turnId,
      );
      expect(stored.find((row) => row.role === "assistant" && row.content.includes("65"))?.untraceableNumbers).toEqual(["65"]);
      const events = await database.store.inspection.traceEventsOfTurn({ turnId: result.turnId });
      expect(events.filter((event) => event.type === "untraceable-numbers").map((event) => JSON.parse(event.data))).toEqual([{ numbers: ["65"] }]);
      expect((await counted(provider.name)) - before).toBe(1);
      const detail = await database.store.conversations.get({ userId, conversationId: result.conversationId });
      expect(detail?.messages.find((entry) => entry.untraceableNumbers)?.untraceableNumbers).toEqual(["65"]);
    });

    it("stores nothing when every number came from the message or a tool result", async () => {
      const provider = createScriptedProvider([callTool("get_trend", { field: "weight_kg" }), answer("Your trend is 80.2 kg (176.8 lb), as of 30 November.")]);
      const result = await runTurn({ store: database.store, userId, message: "How am I doing?", locale: "en", provider, today: "2026-12-01" });
      expect(result.untraceableNumbers).toEqual([]);
      const stored = (await database.store.inspection.messagesOfConversation({ conversationId: result.conversationId })).filter(
        (row) => row.turnId === result.turnId,
      );
      expect(stored.every((row) => row.untraceableNumbers === null)).toBe(true);
    });

    it("checks only the final answer, never the harness's own messages", async () => {
      const provider = createScriptedProvider([callTool("read_measurement", { date: "2026-11-30" }), answer("On 30 November you weighed 80.2 kg.")]);
      const result = await runTurn({ store: database.store, userId, message: "what did I weigh?", locale: "en", provider, today: "2026-12-01" });
      expect(result.untraceableNumbers).toEqual([]);
    });
  });
});
