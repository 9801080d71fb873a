// `npm run drill`: the long versions of the reliability drills, one line of figures each; exits non-zero when a target is missed.
// `npm run drill -- crash fuzz` runs only the drills whose names start with the given words.
import os from "node:os";
import { runConcurrencyDrill } from "./concurrency/run-concurrency-drill";
import { runCrashDrill, toCrashDrillReport } from "./crash/run-crash-drill";
import { runFaultMatrix } from "./fault-matrix/run-fault-matrix";
import { runTurnFaultMatrix } from "./fault-matrix/run-turn-fault-matrix";
import { runDispatchFuzz } from "./fuzz/run-dispatch-fuzz";
import { runArgumentFuzz, runHostileNoteFuzz } from "./fuzz/run-fuzz-drill";
import { runHostileDrill } from "./hostile/run-hostile-drill";
import { runModelDrill } from "./model/run-model-drill";
import { scaleOutDrills } from "./scale-out/run-scale-out-drills";
import { formatDrillLine, type DrillReport } from "./support/drill-report";

const timed = async (run: () => Promise<Awaited<ReturnType<typeof runCrashDrill>>>) => {
  const started = performance.now();
  const result = await run();
  return toCrashDrillReport(result, performance.now() - started);
};

const drills: { name: string; run: () => Promise<DrillReport> }[] = [
  { name: "crash", run: () => timed(() => runCrashDrill({ writes: 5_000, variant: "atomic" })) },
  { name: "crash-control-two-transactions", run: () => timed(() => runCrashDrill({ writes: 1_000, variant: "two-transactions" })) },
  { name: "crash-control-acknowledge-before-recording", run: () => timed(() => runCrashDrill({ writes: 1_000, variant: "acknowledge-before-recording" })) },
  { name: "concurrency", run: () => runConcurrencyDrill({ processes: 16, rounds: 10 }) },
  { name: "fault-matrix", run: () => runFaultMatrix() },
  { name: "fault-matrix-turns", run: () => runTurnFaultMatrix() },
  { name: "model-based", run: () => runModelDrill({ numRuns: 200, maxCommands: 50 }) },
  { name: "fuzz-arguments", run: () => runArgumentFuzz({ payloadsPerTool: 10_000 }) },
  { name: "fuzz-dispatch", run: () => runDispatchFuzz({ payloadsPerTool: 10_000 }) },
  { name: "fuzz-hostile-notes", run: () => runHostileNoteFuzz({ saves: 1_000, loneSurrogateSaves: 1_000 }) },
  { name: "hostile-input", run: () => runHostileDrill({ uploads: 10, uploadBytes: 300_000_000 }) },
  // PostgreSQL, several instances (nginx in front for the first): each starts a throwaway cluster.
  ...scaleOutDrills,
];

const wanted = process.argv.slice(2);
const selected = wanted.length === 0 ? drills : drills.filter((drill) => wanted.some((word) => drill.name.startsWith(word)));
console.log(`reliability drills on ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}`);
let missed = 0;
for (const drill of selected) {
  let report: DrillReport;
  try {
    report = await drill.run();
  } catch (error) {
    report = { name: drill.name, passed: false, figures: {}, failures: [`the drill itself failed: ${String(error)}`], durationMs: 0 };
  }
  if (!report.passed) missed += 1;
  console.log(formatDrillLine(report));
}
console.log(missed === 0 ? `all ${selected.length} drills met their targets` : `${missed} of ${selected.length} drills missed a target`);
process.exit(missed === 0 ? 0 : 1);
