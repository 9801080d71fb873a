// Replaces the generated section of BENCHMARKS.md (between its two markers) with the latest full run.
import fs from "node:fs";
import path from "node:path";

const START = "<!-- bench:results:start -->";
const END = "<!-- bench:results:end -->";

export function updateBenchmarksDocument(options: { table: string; notes: string; machine: string; minutes: number; date: string }): void {
  const file = path.join(process.cwd(), "BENCHMARKS.md");
  const document = fs.readFileSync(file, "utf8");
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start === -1 || end < start) throw new Error(`BENCHMARKS.md has no ${START} … ${END} section to replace`);
  const section = [
    START,
    `Latest full run: ${options.date}, ${options.minutes.toFixed(1)} minutes (\`npm run bench\`; raw numbers in \`bench/results.json\`).`,
    "",
    options.machine,
    "",
    options.table,
    "",
    "Notes per figure (what was run, what the minimum is and why):",
    "",
    options.notes,
    END,
  ].join("\n");
  fs.writeFileSync(file, document.slice(0, start) + section + document.slice(end + END.length));
}
