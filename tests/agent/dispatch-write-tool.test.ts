// The write tool through the dispatcher: created, conflict, write_failed, outcome_unknown (a lost acknowledgement,
// a deadline, an exception never retried), a reused key and a caller no longer allowed.
import { describe, expect, it, vi } from "vitest";
import { dispatchToolCall } from "@/lib/agent/dispatch-tool-call";
import { toolsByName } from "@/lib/agent/tools/index";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import { errorOf, spiedRegistry, setUpDispatchHarness } from "../support/dispatch-harness";
import { storeAdapters } from "@/tests/store/store-adapters";

describe.each(storeAdapters)("on $name", (adapter) => {
  const harness = setUpDispatchHarness(adapter);
  const { contextFor, dispatch, seed } = harness;

  describe("the write tool", () => {
    it("saves with the harness's key and reports created", async () => {
      const result = await dispatch("save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } }, { idempotencyKey: "tc_1" });
      expect(result.outcome).toEqual({ isError: false, content: { date: "2020-01-04", values: { weight_kg: 77.4 }, created: true, idempotency_key: "tc_1" } });
    });

    it("returns conflict naming the stored value and writes nothing", async () => {
      await seed("2020-01-04", { weight_kg: 76 });
      const error = errorOf(await dispatch("save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } }, { idempotencyKey: "tc_2" }));
      expect(error).toMatchObject({
        error: "conflict",
        recovery: "correct_arguments",
        recoverable: true,
        details: { date: "2020-01-04", fields: ["weight_kg"], stored: { weight_kg: 76 }, proposed: { weight_kg: 77.4 } },
      });
      expect(error.message).toContain("2020-01-04 already holds weight_kg 76");
      const read = await dispatch("read_measurement", { date: "2020-01-04" });
      expect(read.outcome.content).toMatchObject({ values: { weight_kg: 76 } });
    });

    it("returns write_failed (stop_turn) when the transaction is rolled back", async () => {
      await harness.armFault({ target: "write", mode: "fail_before_commit", count: 1 });
      const faults = harness.armedFaults();
      const error = errorOf(await dispatch("save_measurement", { date: "2020-01-03", values: { weight_kg: 77 } }, { idempotencyKey: "tc_3", faults }));
      expect(error).toEqual({
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "write_failed",
        message: "The measurement for 2020-01-03 was not saved: the storage refused the write, so nothing was changed. It is safe to try again later.",
        recovery: "stop_turn",
        recoverable: false,
        details: { date: "2020-01-03" },
        trace_id: "trc_test",
      });
      expect(errorOf(await dispatch("read_measurement", { date: "2020-01-03" })).error).toBe("not_found");
    });

    it("returns outcome_unknown (stop_turn) when the acknowledgement is lost, with the record stored", async () => {
      await harness.armFault({ target: "write", mode: "lost_ack", count: 1 });
      const faults = harness.armedFaults();
      const error = errorOf(await dispatch("save_measurement", { date: "2020-01-05", values: { weight_kg: 77 } }, { idempotencyKey: "tc_4", faults }));
      expect(error).toEqual({
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "outcome_unknown",
        message:
          "Saving the measurement for 2020-01-05 could not be confirmed: it may or may not have been stored. It was not repeated, to avoid a duplicate. Check it later by its idempotency key tc_4 or by reading 2020-01-05.",
        recovery: "stop_turn",
        recoverable: false,
        details: { date: "2020-01-05", idempotency_key: "tc_4" },
        trace_id: "trc_test",
      });
      expect((await dispatch("read_measurement", { date: "2020-01-05" })).outcome.isError).toBe(false);
    });

    it("never retries a write whose exception says 'network timeout': outcome_unknown after exactly one run", async () => {
      const save = toolsByName.get("save_measurement") as ToolDefinition;
      const run = vi.fn(async () => {
        throw new Error("network timeout");
      });
      const registry = new Map(toolsByName).set("save_measurement", { ...save, run });
      const result = await dispatch("save_measurement", { date: "2020-01-06", values: { weight_kg: 77 } }, { idempotencyKey: "tc_5" }, registry);
      expect(errorOf(result)).toMatchObject({ error: "outcome_unknown", recovery: "stop_turn", recoverable: false });
      expect(run).toHaveBeenCalledTimes(1);
    });

    it("returns outcome_unknown when the write passes its deadline", async () => {
      await harness.armFault({ target: "write", mode: "timeout", count: 1 });
      const faults = harness.armedFaults();
      const result = await dispatchToolCall({
        name: "save_measurement",
        argumentsText: JSON.stringify({ date: "2020-01-07", values: { weight_kg: 77 } }),
        context: contextFor({ idempotencyKey: "tc_6", faults }),
        registry: toolsByName,
        timeoutMs: 150,
      });
      expect(errorOf(result)).toMatchObject({ error: "outcome_unknown", details: { date: "2020-01-07", idempotency_key: "tc_6" } });
    });

    it("returns idempotency_key_reused when the key arrives with other arguments, executing nothing", async () => {
      await dispatch("save_measurement", { date: "2020-01-08", values: { weight_kg: 70 } }, { idempotencyKey: "tc_7" });
      const error = errorOf(await dispatch("save_measurement", { date: "2020-01-09", values: { weight_kg: 71 } }, { idempotencyKey: "tc_7" }));
      expect(error).toEqual({
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "idempotency_key_reused",
        message: "This idempotency key was already used with different arguments. Nothing was executed.",
        recovery: "stop_turn",
        recoverable: false,
        details: { idempotency_key: "tc_7" },
        trace_id: "trc_test",
      });
      expect(errorOf(await dispatch("read_measurement", { date: "2020-01-09" })).error).toBe("not_found");
    });

    it("returns forbidden, running nothing, when the caller may no longer act", async () => {
      const { registry, spies } = spiedRegistry();
      const result = await dispatch(
        "save_measurement",
        { date: "2020-01-10", values: { weight_kg: 70 } },
        { idempotencyKey: "tc_8", authorize: async () => false },
        registry,
      );
      expect(errorOf(result)).toEqual({
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "forbidden",
        message: "This action is not allowed for this user. Nothing was executed.",
        recovery: "stop_turn",
        recoverable: false,
        trace_id: "trc_test",
      });
      expect(spies.get("save_measurement")).not.toHaveBeenCalled();
    });
  });
});
