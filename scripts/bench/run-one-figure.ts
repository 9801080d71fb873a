// Runs one in-process figure with the full bench settings and prints its entries (for before/after comparisons
// without the 15-minute `npm run bench`, which also rewrites BENCHMARKS.md). Usage: run-one-figure.ts harness|save
import { benchSettings } from "./bench-modes";
import { measureHarnessCost } from "./measure-harness-cost";
import { measureSaveThroughput } from "./measure-save-throughput";
import { withQuietConsole } from "./with-quiet-console";
import os from "node:os";

async function main(): Promise<void> {
  const figure = process.argv[2];
  const settings = benchSettings.full;
  const loadBefore = os.loadavg().map((value) => value.toFixed(2)).join(", ");
  const entries = figure === "harness"
    ? (await withQuietConsole(() => measureHarnessCost(settings.harness))).entries
    : figure === "save"
      ? await withQuietConsole(() => measureSaveThroughput(settings.save))
      : null;
  if (entries === null) throw new Error("usage: run-one-figure.ts harness|save");
  const loadAfter = os.loadavg().map((value) => value.toFixed(2)).join(", ");
  console.log(`load average before: ${loadBefore}; after: ${loadAfter}`);
  for (const entry of entries) {
    console.log(`${entry.name}: ${entry.value} ${entry.unit} vs ${entry.baseline_value} -> ratio ${entry.ratio} (${entry.note})`);
  }
}

void main();
