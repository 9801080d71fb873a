// Fault matrix through the turn loop (short = long: five cases): outcome_unknown ends the turn after one request and one save, the key tells the truth, no leaks.
import { describe, expect, it } from "vitest";
import { runTurnFaultCase, runTurnFaultMatrix, turnFaultCases } from "@/scripts/drills/fault-matrix/run-turn-fault-matrix";

describe("fault matrix through runTurn", () => {
  it("stops every uncertain write after one model request and one save execution, and its key resolves the truth without leaks", async () => {
    const report = await runTurnFaultMatrix();
    expect(report.cases.map((result) => ({ name: result.name, problems: result.problems, leaks: result.leaks }))).toEqual(
      turnFaultCases.map((faultCase) => ({ name: faultCase.name, problems: [], leaks: [] })),
    );
    expect(report.figures).toMatchObject({ cases: 5, stopped_after_one_request_and_one_save: "5/5", keys_told_truth: "5/5", leaks: 0 });
    expect(report.passed).toBe(true);
  }, 60_000);

  it("covers both truths: some cases leave the data stored and some leave nothing", () => {
    expect(turnFaultCases.filter((faultCase) => faultCase.stored).length).toBeGreaterThan(0);
    expect(turnFaultCases.filter((faultCase) => !faultCase.stored).length).toBeGreaterThan(0);
  });
});

describe("the turn fault checker", () => {
  it("reports a turn that did not stop when no fault struck, so a pass is a finding", async () => {
    const result = await runTurnFaultCase({ name: "control-no-fault", stored: true }, 99);
    expect(result.stoppedAfterOneSave).toBe(false);
    expect(result.problems).toContain("turn outcome answered");
    expect(result.problems).toContain("2 model requests");
  });
});
