// set_goal under every write rule of save_measurement: a key per call, one transaction, replay by key, a reused key
// refused, write_failed and outcome_unknown stopping the turn, and an unknown outcome resolved by looking the key up.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import { runTurn } from "@/lib/agent/run-turn";
import { toolsByName } from "@/lib/agent/tools/index";
import { checkUncertainWrite, retryUncertainWrite } from "@/lib/agent/uncertain-writes";
import { armFault } from "@/lib/faults/manage-faults";
import { noStorageFaults } from "@/lib/faults/storage-faults";
import type { ToolError } from "@/lib/outcome/tool-outcome";
import { answer, callTool, createScriptedProvider } from "../support/agent-fixtures";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";
import { createTestUser } from "../support/create-test-user";

let database: OpenedStore;
let userId: string;

const dispatch = (args: unknown, idempotencyKey: string, overrides: Partial<DispatchContext> = {}) =>
  dispatchToolCall({
    name: "set_goal",
    argumentsText: JSON.stringify(args),
    registry: toolsByName,
    timeoutMs: 1_000,
    context: { store: database.store, userId, traceId: "trc_test", locale: "en", today: "2026-11-30", faults: noStorageFaults, idempotencyKey, ...overrides },
  });

/** Every stored goal: goalRows counts all users' rows, and goals() reads the user's, checking they are all of them. */
const goalRows = () => database.store.inspection.countRows({ table: "goal" });
async function goals() {
  const rows = await database.store.goals.list({ userId });
  expect(await goalRows()).toBe(rows.length);
  return rows;
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    userId = await createTestUser(database.store);
  });
  afterEach(() => database.close());

  describe("set_goal", () => {
    it("stores the target with the key's record, and replays the same key byte for byte without a second change", async () => {
      const first = await dispatch({ field: "weight_kg", target: 72 }, "key-1");
      expect(first.outcome).toEqual({ isError: false, content: { field: "weight_kg", target: 72, previous: null, idempotency_key: "key-1" } });
      const again = await dispatch({ field: "weight_kg", target: 72 }, "key-1");
      expect(again.serialized).toBe(first.serialized);
      expect(await goals()).toEqual([expect.objectContaining({ userId, field: "weight_kg", target: 72 })]);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(1);
    });

    it("replaces the previous goal and names it; null removes it", async () => {
      await dispatch({ field: "weight_kg", target: 72 }, "key-1");
      const changed = await dispatch({ field: "weight_kg", target: 70.5 }, "key-2");
      expect(changed.outcome.content).toMatchObject({ target: 70.5, previous: 72 });
      const removed = await dispatch({ field: "weight_kg", target: null }, "key-3");
      expect(removed.outcome.content).toMatchObject({ target: null, previous: 70.5 });
      expect(await goalRows()).toBe(0);
    });

    it("converts a target in pounds exactly and says from what", async () => {
      const result = await dispatch({ field: "weight_kg", target: 160, units: { mass: "lb" } }, "key-lb");
      expect(result.outcome.content).toEqual({
        field: "weight_kg",
        target: 72.6,
        previous: null,
        idempotency_key: "key-lb",
        converted: { from: 160, unit: "lb" },
      });
    });

    it("refuses the same key with another target as idempotency_key_reused, changing nothing", async () => {
      await dispatch({ field: "weight_kg", target: 72 }, "key-1");
      const reused = await dispatch({ field: "weight_kg", target: 60 }, "key-1");
      expect(reused.outcome.content).toMatchObject({ error: "idempotency_key_reused", recovery: "stop_turn", recoverable: false });
      expect(await goals()).toEqual([expect.objectContaining({ target: 72 })]);
    });

    it.each([
      [
        { field: "weight", target: 72 },
        { argument: "field", received: "weight" },
      ],
      [
        { field: "weight_kg", target: 500 },
        { field: "weight_kg", received: "500", min: 20, max: 400, unit: "kg" },
      ],
      [
        { field: "weight_kg", target: 1000, units: { mass: "lb" } },
        { field: "weight_kg", received: "1000", min: 44, max: 881.9, unit: "lb" },
      ],
      [
        { field: "weight_kg", target: "72 kg" },
        { field: "weight_kg", received: "72 kg", example: 72 },
      ],
      [{ field: "weight_kg" }, { field: "weight_kg", received: "(none)" }],
    ])("refuses %j with bad_arguments before anything is written", async (args, details) => {
      const result = await dispatch(args, "key-bad");
      expect(result.handlerRan).toBe(false);
      const content = result.outcome.content as ToolError;
      expect(content).toMatchObject({ error: "bad_arguments", recovery: "correct_arguments", details });
      expect(await goalRows()).toBe(0);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(0);
    });
  });

  describe("set_goal in a turn", () => {
    async function goalTurn(mode?: "lost_ack" | "fail_before_commit") {
      if (mode) await armFault({ store: database.store, userId, input: { target: "write", mode, count: 1 } });
      const provider = createScriptedProvider([callTool("set_goal", { field: "weight_kg", target: 72 }), answer("Your goal is set.")]);
      const result = await runTurn({
        store: database.store,
        userId,
        message: "my goal is 72 kg",
        locale: "en",
        provider,
        today: "2026-11-30",
        faultsEnabled: true,
        toolTimeoutMs: 500,
      });
      return { result, provider };
    }

    it("commits the tool call with the goal, and the model answers after it", async () => {
      const { result, provider } = await goalTurn();
      expect(result.outcome).toBe("answered");
      expect(provider.requests).toHaveLength(2);
      expect(await database.store.inspection.countRows({ table: "tool_call" })).toBe(1);
      const row = await database.store.inspection.toolCall({ id: result.toolCalls[0]?.id as string });
      expect(row).toMatchObject({ name: "set_goal", status: "ok", isError: false });
      expect(await goalRows()).toBe(1);
    });

    it.each([
      ["lost_ack", "outcome_unknown", "saved", 1],
      ["fail_before_commit", "write_failed", "not_saved", 0],
    ] as const)("after %s answers %s, stops the turn without asking the model again, and the key resolves it as %s", async (mode, code, resolution, stored) => {
      const { result, provider } = await goalTurn(mode);
      expect(result.toolCalls[0]).toMatchObject({ name: "set_goal", error: code, recovery: "stop_turn" });
      expect(provider.requests).toHaveLength(1);
      expect(await goalRows()).toBe(stored);
      const toolCallId = result.toolCalls[0]?.id as string;
      expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution });
      // Running it again under the same key never stores it twice.
      const retry = await retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 });
      // Replayed: the first write went through ("saved"); executed now: the person's re-run stored it ("saved_now").
      expect(retry?.resolution).toBe(mode === "lost_ack" ? "saved" : "saved_now");
      expect(retry?.status).toBe(mode === "lost_ack" ? "replayed" : "executed");
      expect(await goalRows()).toBe(1);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(1);
    });
  });
});
