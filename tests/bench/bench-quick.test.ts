import { describe, expect, it } from "vitest";
import { benchEntryFields, type BenchEntry } from "@/scripts/bench/bench-entry";
import { benchSettings } from "@/scripts/bench/bench-modes";
import { runInProcessFigures } from "@/scripts/bench/run-in-process-figures";

// Timings are never asserted here: only that the quick run produces every in-process figure in the results shape.
const expectedFigures = [
  "harness cost per turn, median",
  "harness cost per turn, p99",
  "durable turn: commits per turn with a write",
  "durable turns per second (file db, synchronous=FULL)",
  "saveMeasurement, new keys",
  "saveMeasurement, new keys, against single-row inserts",
  "saveMeasurement, replays of known keys",
  "model requests, all scenarios",
  "tool calls, all scenarios",
  "wasted calls (requests + tool calls above the minimum)",
];

function expectEntryShape(entry: BenchEntry): void {
  for (const field of benchEntryFields) expect(entry, `${entry.name} lacks ${field}`).toHaveProperty(field);
  expect(typeof entry.name).toBe("string");
  expect(typeof entry.unit).toBe("string");
  expect(typeof entry.baseline).toBe("string");
  expect(Number.isFinite(entry.value), `${entry.name} has no value`).toBe(true);
  expect(entry.baseline_value === null || Number.isFinite(entry.baseline_value)).toBe(true);
  expect(entry.ratio === null || Number.isFinite(entry.ratio)).toBe(true);
  expect(entry.target === null || typeof entry.target === "string").toBe(true);
  // A figure with a target always says whether it holds; one without a target never claims to.
  expect(typeof entry.meets).toBe(entry.target === null ? "object" : "boolean");
}

describe("npm run bench -- --quick, in-process figures", () => {
  it("produces every figure with the fields of the results entry shape", { timeout: 120_000 }, async () => {
    const entries = await runInProcessFigures({ settings: benchSettings.quick });
    const names = entries.map((entry) => entry.name);
    for (const name of expectedFigures) expect(names).toContain(name);
    expect(names.filter((name) => name.startsWith("model rounds: ")).length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) expectEntryShape(entry);
    expect(JSON.parse(JSON.stringify(entries))).toEqual(entries);
  });
});
