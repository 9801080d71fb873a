// Sixteen separate OS processes save with one key at the same moment: one change, one recorded outcome, the same bytes for all.
import { describe, expect, it } from "vitest";
import { runConcurrencyDrill } from "@/scripts/drills/concurrency/run-concurrency-drill";

describe("saveMeasurement across processes", () => {
  it("leaves exactly one change and one outcome when 16 processes save with the same key at once", async () => {
    const report = await runConcurrencyDrill({ processes: 16, rounds: 2 });
    expect(report.failures).toEqual([]);
    expect(report.results).toHaveLength(2);
    report.results.forEach((round, index) => {
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
    expect(report.figures).toMatchObject({ measurements: 2, outcomes: 2, integrity_check: "ok" });
  }, 120_000);
});
