// Sixteen separate OS processes save (then set a goal) with one key at the same moment: one change, one recorded outcome,
// the same bytes for all.
import { describe, expect, it } from "vitest";
import { runConcurrencyDrill } from "@/scripts/drills/concurrency/run-concurrency-drill";

describe("saveMeasurement across processes", () => {
  it("leaves exactly one change and one outcome when 16 processes save with the same key at once", async () => {
    const report = await runConcurrencyDrill({ processes: 16, rounds: 2 });
    expect(report.failures).toEqual([]);
    // Two save rounds, then one set_goal round under the same race.
    expect(report.results).toHaveLength(3);
    report.results.slice(0, 2).forEach((round, index) => {
      expect(new Set(round.map((result) => result.pid)).size).toBe(16);
      const statuses = round.map((result) => result.status).sort();
      expect(statuses).toEqual(["executed", ...Array.from({ length: 15 }, () => "replayed")]);
      const expected = JSON.stringify({
        date: `2020-01-0${index + 1}`,
        values: { weight_kg: 70 + index / 10 },
        created: true,
        idempotency_key: `concurrency-round-${index}`,
      });
      for (const result of round) expect(result.serialized).toBe(expected);
    });
    const goalRound = report.results[2] ?? [];
    expect(goalRound.map((result) => result.status).sort()).toEqual(["executed", ...Array.from({ length: 15 }, () => "replayed")]);
    const goalOutcome = JSON.stringify({ field: "weight_kg", target: 60, previous: null, idempotency_key: "concurrency-goal-0" });
    for (const result of goalRound) expect(result.serialized).toBe(goalOutcome);
    expect(report.figures).toMatchObject({ measurements: 2, outcomes: 3, goal_rounds_with_one_change: 1, integrity_check: "ok" });
  }, 120_000);
});
