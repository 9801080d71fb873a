// Dispatcher fuzzing (short): 1,000 invalid payloads per tool through dispatchToolCall reach no handler and all end as bad_arguments.
import { describe, expect, it } from "vitest";
import { dispatchToolCall } from "@/lib/agent/dispatch-tool-call";
import { noStorageFaults } from "@/lib/faults/storage-faults";
import { createCountingRegistry, runDispatchFuzz } from "@/scripts/drills/fuzz/run-dispatch-fuzz";
import { createTestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

describe("dispatcher fuzzing", () => {
  it("answers 1,000 generated invalid payloads per tool with an exact bad_arguments outcome, 0 handler runs and 0 leaks", async () => {
    const report = await runDispatchFuzz({ payloadsPerTool: 1_000 });
    expect(report.failures).toEqual([]);
    expect(report.figures).toMatchObject({
      read_measurement_bad_arguments: "1000/1000",
      list_measurements_bad_arguments: "1000/1000",
      save_measurement_bad_arguments: "1000/1000",
      handler_executions: 0,
      uncaught_exceptions: 0,
      contract_violations: 0,
      leaks: 0,
    });
    expect(report.passed).toBe(true);
  }, 120_000);

  it("counts a handler run through the same registry when the arguments are valid, so 0 runs is a finding", async () => {
    const database = createTestDatabase();
    try {
      const userId = await createTestUser(database.store);
      const { registry, handlerRuns } = createCountingRegistry();
      const context = { store: database.store, userId, traceId: "trc_control", locale: "en" as const, today: "2026-03-10", faults: noStorageFaults };
      const result = await dispatchToolCall({ name: "read_measurement", argumentsText: '{"date":"2026-03-01"}', context, registry, timeoutMs: 5_000 });
      expect(result.handlerRan).toBe(true);
      expect(handlerRuns.get("read_measurement")).toBe(1);
    } finally {
      database.close();
    }
  });
});
