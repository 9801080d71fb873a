// Model-based test (short): random sequences of saves, retries, key reuse, faults, reopenings and reads match an in-memory model.
import { describe, expect, it } from "vitest";
import { runModelDrill } from "@/scripts/drills/model/run-model-drill";

describe("measurement store against its model", () => {
  it("matches the in-memory model after every command of random command sequences", async () => {
    const report = await runModelDrill({ numRuns: 15, maxCommands: 25 });
    expect(report.failures).toEqual([]);
    expect(report.passed).toBe(true);
    expect(Number(report.figures.commands_compared_with_model)).toBeGreaterThan(15);
  }, 120_000);
});
