// The fault matrix: BUSY, FULL and IOERR at every statement and hook of a save, once and persistently, classified by where they hit.
import { describe, expect, it } from "vitest";
import { runFaultMatrix } from "@/scripts/drills/fault-matrix/run-fault-matrix";

describe("fault matrix", () => {
  it("classifies every failure point per RELIABILITY.md, leaves no duplicate, resolves each key truthfully and leaks nothing", async () => {
    const report = await runFaultMatrix();
    expect(report.cases.filter((each) => each.problems.length > 0).map((each) => `${each.name}: ${each.problems.join(", ")}`)).toEqual([]);
    expect(report.leaks).toEqual([]);
    expect(report.passed).toBe(true);
    // (6 + 6 + 7) statements of the insert, update and re-run x 3 codes x 2 persistences, 4 hook points x 3 codes x 2,
    // real BUSY x 2, real FULL x 2.
    expect(report.cases).toHaveLength(114 + 24 + 2 + 2);
    const byName = (name: string) => report.cases.find((each) => each.name === name);
    // Without QA faults a save's first statement is BEGIN; a re-run's is its key's look-up.
    expect(byName("re-run, SQLITE_IOERR_WRITE, statement 1 (before_begin), once")).toMatchObject({
      attempts: ["write_failed/before_begin"],
      resolution: "executed",
    });
    expect(byName("insert, SQLITE_BUSY, statement 1 (begin), once")).toMatchObject({ attempts: ["write_failed/begin"], resolution: "executed" });
    expect(byName("update, SQLITE_FULL, statement 5 (body), once")).toMatchObject({ attempts: ["write_failed/body"], resolution: "executed" });
    expect(byName("insert, SQLITE_IOERR_WRITE, statement 6 (commit), once")).toMatchObject({
      attempts: ["outcome_unknown/commit"],
      storedAfterFailure: false,
      resolution: "executed",
    });
    expect(byName("hook after COMMIT, SQLITE_IOERR_WRITE, persistent")).toMatchObject({
      attempts: ["outcome_unknown/after_commit", "replayed", "replayed"],
      storedAfterFailure: true,
      resolution: "replayed",
    });
    expect(byName("real BUSY at BEGIN, once")).toMatchObject({ attempts: ["write_failed/begin"], resolution: "executed" });
    expect(byName("real FULL (max_page_count), persistent")).toMatchObject({
      attempts: ["write_failed/body", "write_failed/body", "write_failed/body"],
      resolution: "executed",
    });
    for (const each of report.cases) expect([each.rowsAfterResolution, each.recordsAfterResolution]).toEqual([1, 1]);
  }, 120_000);
});
