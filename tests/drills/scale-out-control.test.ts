import { describe, expect, it } from "vitest";
import { runInFlightControl } from "@/scripts/drills/scale-out/run-in-flight-control";

describe("the in-flight check of the scale-out drills", () => {
  it("passes claims kept in PostgreSQL and catches a registry kept in each process's memory", async () => {
    const report = await runInFlightControl({ rounds: 5 });
    expect(report.failures).toEqual([]);
    expect(report.figures.violations_with_database_claims).toBe(0);
    expect(report.figures.violations_caught_with_process_registry).toBe(10);
  });
});
