// `npm run bench` (add `-- --quick` for the short smoke run): every figure with its baseline from the same run, one
// table on stdout, bench/results.json, and (full runs) the table section of BENCHMARKS.md.
import fs from "node:fs";
import path from "node:path";
import type { BenchEntry } from "./bench-entry";
import { benchSettings, type BenchMode } from "./bench-modes";
import { describeMachine, formatMachine } from "./describe-machine";
import { formatResultNotes, formatResultsTable } from "./format-results-table";
import { measureImportStream } from "./measure-import-stream";
import { runInProcessFigures } from "./run-in-process-figures";
import { runServerFigures } from "./run-server-figures";
import { updateBenchmarksDocument } from "./update-benchmarks-document";

const mode: BenchMode = process.argv.includes("--quick") ? "quick" : "full";
const settings = benchSettings[mode];
const startedAt = performance.now();
const report = (line: string) => console.log(`[bench ${((performance.now() - startedAt) / 1_000).toFixed(0).padStart(3)} s] ${line}`);

const machine = describeMachine();
report(`${mode} run on ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage.join(" ")}`);
// The import figure runs here, not among the in-process figures: it writes a gigabyte file and is no part of npm test.
const entries: BenchEntry[] = [
  ...(await runInProcessFigures({ settings, report })),
  ...(await measureImportStream({ ...settings.importStream, report })),
  ...(await runServerFigures({ settings, mode, report })),
];
const minutes = (performance.now() - startedAt) / 60_000;

const resultsFile = path.join(process.cwd(), "bench", mode === "full" ? "results.json" : "results-quick.json");
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(resultsFile, `${JSON.stringify(entries, null, 2)}\n`);

const table = formatResultsTable(entries);
console.log(`\n${table}\n\n${formatResultNotes(entries)}\n`);
const missed = entries.filter((entry) => entry.meets === false).map((entry) => entry.name);
const unmeasured = entries.filter((entry) => entry.value === null).map((entry) => entry.name);
report(`done in ${minutes.toFixed(1)} min; ${entries.length} figures written to ${path.relative(process.cwd(), resultsFile)}`);
if (missed.length > 0) report(`targets missed: ${missed.join("; ")}`);
if (unmeasured.length > 0) report(`not measured: ${unmeasured.join("; ")}`);
if (mode === "full") {
  updateBenchmarksDocument({ table, notes: formatResultNotes(entries), machine: formatMachine(machine), minutes, date: new Date().toISOString().slice(0, 10) });
  report("BENCHMARKS.md: table section replaced with this run");
}
