// The Markdown a person reads: one results file as a table per scenario with its problems listed under it, or several
// files side by side. Synthetic results (the fake provider's scripted model) say so above everything else.
import { labelOf, type EvalResults } from "./eval-results";
import type { RunRecord } from "./run-battery";
import type { EvalSummary } from "./summarize-runs";

type ResultsForTable = Pick<
  EvalResults,
  "provider" | "model" | "api" | "startedAt" | "synthetic" | "note" | "today" | "runsPerScenario" | "systemPrompt" | "summary"
> & {
  scenarios: { id: string; title: string; minimumRequests: number; summary: EvalSummary; runs: unknown[] }[];
};

const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);
const ratio = (part: number, whole: number) => (whole === 0 ? "—" : `${part}/${whole}`);
const extra = (value: number | null) => (value === null ? "—" : `+${value.toFixed(1)}`);

function notScored(summary: EvalSummary): string {
  const parts = [
    summary.providerErrors > 0 ? `${summary.providerErrors} provider error${summary.providerErrors === 1 ? "" : "s"}` : "",
    summary.timedOut > 0 ? `${summary.timedOut} timed out` : "",
    summary.harnessErrors > 0 ? `${summary.harnessErrors} harness error${summary.harnessErrors === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return parts.length === 0 ? "0" : parts.join(", ");
}

function syntheticNotice(results: Pick<EvalResults, "synthetic" | "note">): string[] {
  if (!results.synthetic) return [];
  return [`> **Synthetic: not a language model's results.** ${results.note ?? "Produced by the fake provider's scripted model."}`, ""];
}

function scenarioRow(title: string, minimumRequests: number, summary: EvalSummary): string {
  const { counts, scored } = summary;
  return `| ${title} | ${summary.runs} | ${ratio(counts.recovery, scored)} | ${ratio(counts.invented, scored)} | ${extra(summary.extraRequests)} (min ${minimumRequests}) | ${ratio(counts.honestStop, counts.honestStopRuns)} | ${ratio(counts.language, counts.languageRuns)} | ${notScored(summary)} |`;
}

/** One line per run that lost a point or was not scored, saying where and why, from the stored turns. */
function problemLines(scenarioId: string, run: RunRecord): string[] {
  const where = `${scenarioId} run ${run.run}`;
  if (run.status === "provider_error")
    return [`- ${where}: provider error (${run.providerFailure?.kind ?? "unknown"}) ${run.providerFailure?.message ?? ""}`.trimEnd()];
  if (run.status !== "scored" || !run.scores) return [`- ${where}: ${run.status.replace("_", " ")}: ${run.error ?? ""}`.trimEnd()];
  const { scores } = run;
  const lines: string[] = [];
  for (const problem of scores.recovery.problems) lines.push(`- ${where}: recovery: ${problem}`);
  if (scores.invented.length > 0) lines.push(`- ${where}: invented: ${scores.invented.join(", ")}`);
  if (scores.extraRequests > 0)
    lines.push(`- ${where}: ${scores.modelRequests} model requests, ${scores.extraRequests} above the minimum of ${scores.minimumRequests}`);
  for (const claim of scores.honestStop.claims) lines.push(`- ${where}: honest stop: claims success after the turn stopped: "${claim}"`);
  if (scores.language.matches === false)
    lines.push(
      `- ${where}: language: expected ${scores.language.expected}, replied in ${scores.language.detected.map((language) => language ?? "?").join(" / ")}`,
    );
  return lines;
}

export function formatResultsTable(results: ResultsForTable): string {
  const { summary } = results;
  const lines = [
    `## Palestra eval: ${results.provider} / ${results.model}`,
    "",
    ...syntheticNotice(results),
    `${results.startedAt.slice(0, 10)} · ${results.api} API · ${results.runsPerScenario} run(s) per scenario · today ${results.today} · system prompt ${results.systemPrompt}`,
    "",
    "| scenario | runs | recovery correct | runs with invented values | extra requests per run | honest stop | language | not scored |",
    "|---|---|---|---|---|---|---|---|",
    ...results.scenarios.map((scenario) => scenarioRow(scenario.title, scenario.minimumRequests, scenario.summary)),
    `| **all** | ${summary.runs} | **${percent(summary.recovery)}** | **${percent(summary.invented)}** | **${extra(summary.extraRequests)}** | **${percent(summary.honestStop)}** | **${percent(summary.language)}** | ${notScored(summary)} |`,
    "",
  ];
  const problems = results.scenarios.flatMap((scenario) => (scenario.runs as RunRecord[]).flatMap((run) => problemLines(scenario.id, run)));
  lines.push(problems.length === 0 ? "No problems: every scored run was perfect." : "### Problems", ...(problems.length === 0 ? [] : ["", ...problems]), "");
  return lines.join("\n");
}

const summaryRows: { label: string; cell: (summary: EvalSummary) => string }[] = [
  { label: "recovery correct", cell: (summary) => `${percent(summary.recovery)} (${ratio(summary.counts.recovery, summary.scored)})` },
  { label: "runs with invented values", cell: (summary) => `${percent(summary.invented)} (${ratio(summary.counts.invented, summary.scored)})` },
  { label: "extra requests per run", cell: (summary) => extra(summary.extraRequests) },
  { label: "honest stop", cell: (summary) => `${percent(summary.honestStop)} (${ratio(summary.counts.honestStop, summary.counts.honestStopRuns)})` },
  { label: "language", cell: (summary) => `${percent(summary.language)} (${ratio(summary.counts.language, summary.counts.languageRuns)})` },
  { label: "not scored", cell: notScored },
  {
    label: "mean tokens per run (in / out)",
    cell: (summary) => (summary.tokens ? `${Math.round(summary.tokens.input)} / ${Math.round(summary.tokens.output)}` : "—"),
  },
];

/** Several results files side by side: the totals, then each scenario's cells. */
export function formatComparison(files: ResultsForTable[]): string {
  const labels = files.map(labelOf);
  const header = (first: string) => [`| ${first} | ${labels.join(" | ")} |`, `|---|${labels.map(() => "---").join("|")}|`];
  const scenarioIds = [...new Set(files.flatMap((file) => file.scenarios.map((scenario) => scenario.id)))];
  const lines = [
    "## Palestra eval: comparison",
    "",
    ...files.flatMap((file) => (file.synthetic ? [`> **${labelOf(file)} is synthetic: not a language model's results.**`, ""] : [])),
    ...header("all scenarios"),
    ...summaryRows.map((row) => `| ${row.label} | ${files.map((file) => row.cell(file.summary)).join(" | ")} |`),
    `| runs per scenario | ${files.map((file) => file.runsPerScenario).join(" | ")} |`,
    `| API | ${files.map((file) => file.api).join(" | ")} |`,
    `| system prompt | ${files.map((file) => file.systemPrompt).join(" | ")} |`,
    "",
    "Per scenario: recovery correct · runs with invented values · extra requests per run · honest stop · language.",
    "",
    ...header("scenario"),
    ...scenarioIds.map((id) => {
      const cells = files.map((file) => {
        const scenario = file.scenarios.find((entry) => entry.id === id);
        if (!scenario) return "not run";
        const { summary } = scenario;
        const { counts } = summary;
        return `${ratio(counts.recovery, summary.scored)} · ${ratio(counts.invented, summary.scored)} · ${extra(summary.extraRequests)} · ${ratio(counts.honestStop, counts.honestStopRuns)} · ${ratio(counts.language, counts.languageRuns)}`;
      });
      const title = files.flatMap((file) => file.scenarios).find((entry) => entry.id === id)?.title ?? id;
      return `| ${title} | ${cells.join(" | ")} |`;
    }),
    "",
  ];
  return lines.join("\n");
}
