// The results as one Markdown table (printed by the bench and pasted into BENCHMARKS.md by a full run).
import type { BenchEntry } from "./bench-entry";

function formatNumber(value: number | null): string {
  if (value === null) return "—";
  return Math.abs(value) >= 100 ? value.toFixed(0) : String(value);
}

function formatMeets(entry: BenchEntry): string {
  if (entry.meets === null) return entry.value === null ? "not measured" : "—";
  return entry.meets ? "yes" : "**NO**";
}

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

export function formatResultsTable(entries: readonly BenchEntry[]): string {
  const header = "| figure | ours | unit | baseline | baseline value | ratio | target | meets |\n|---|---:|---|---|---:|---:|---|---|";
  const rows = entries.map((entry) =>
    [
      entry.name,
      entry.value === null ? (entry.note ?? "not measured") : formatNumber(entry.value),
      entry.unit,
      entry.baseline,
      formatNumber(entry.baseline_value),
      entry.ratio === null ? "—" : entry.ratio.toFixed(2),
      entry.target ?? "—",
      formatMeets(entry),
    ]
      .map((cell) => escapeCell(String(cell)))
      .join(" | "),
  );
  return [header, ...rows.map((row) => `| ${row} |`)].join("\n");
}

/** The notes of every entry, one per line, for reading the table. */
export function formatResultNotes(entries: readonly BenchEntry[]): string {
  return entries
    .filter((entry) => entry.note && entry.value !== null)
    .map((entry) => `- **${entry.name}**: ${entry.note}`)
    .join("\n");
}
