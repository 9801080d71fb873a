// Runs one figure and prints its entries (for before/after comparisons without the whole `npm run bench`, which
// also rewrites BENCHMARKS.md). Usage: run-one-figure.ts harness|save|postgres-save|http|instance|first-visit|import [--quick] [--size-mb N] [--cpu-prof DIR]
// (http, instance and first-visit need a current production build: `npm run build`; first-visit builds its baseline).
// With `--cpu-prof DIR`, http's and instance's server runs under `node --cpu-prof` and writes its profile into DIR when it stops.
import os from "node:os";
import { benchSettings } from "./bench-modes";
import { measureFirstVisit } from "./measure-first-visit";
import { measureHarnessCost } from "./measure-harness-cost";
import { measureHttpLoad } from "./measure-http-load";
import { importSizeFromArguments, measureImportStream } from "./measure-import-stream";
import { measureInstanceLoad } from "./measure-instance-load";
import { measurePostgresSave } from "./measure-postgres-figures";
import { measureSaveThroughput } from "./measure-save-throughput";
import { withQuietConsole } from "./with-quiet-console";

async function main(): Promise<void> {
  const figure = process.argv[2];
  const settings = benchSettings[process.argv.includes("--quick") ? "quick" : "full"];
  const loadBefore = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  const report = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  const profileFlag = process.argv.indexOf("--cpu-prof");
  const profileDirectory = profileFlag > 0 ? process.argv[profileFlag + 1] : undefined;
  const entries =
    figure === "harness"
      ? (await withQuietConsole(() => measureHarnessCost(settings.harness))).entries
      : figure === "save"
        ? await withQuietConsole(() => measureSaveThroughput(settings.save))
        : figure === "postgres-save"
          ? await measurePostgresSave(settings.postgres.save)
          : figure === "http"
            ? await measureHttpLoad({ settings: settings.http, report, cpuProfileDirectory: profileDirectory })
            : figure === "instance"
              ? await measureInstanceLoad({ settings: settings.instance, report, cpuProfileDirectory: profileDirectory })
              : figure === "first-visit"
                ? await measureFirstVisit({ settings: settings.firstVisit, mayBuild: true, report })
                : figure === "import"
                  ? await measureImportStream({ megabytes: importSizeFromArguments(process.argv, settings.importStream.megabytes), report })
                  : null;
  if (entries === null)
    throw new Error("usage: run-one-figure.ts harness|save|postgres-save|http|instance|first-visit|import [--quick] [--size-mb N] [--cpu-prof DIR]");
  const loadAfter = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  console.log(`load average before: ${loadBefore}; after: ${loadAfter}`);
  for (const entry of entries) {
    console.log(
      `${entry.name}: ${entry.value} ${entry.unit} vs ${entry.baseline_value} -> ratio ${entry.ratio}, target ${entry.target ?? "—"}: ${entry.meets} (${entry.note})`,
    );
  }
}

void main();
