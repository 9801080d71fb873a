// Rates over runs: what the table shows and the thresholds gate. Only scored runs count for the model's scores; runs
// the provider failed, that timed out or that broke on our side are counted apart.
import type { RunRecord } from "./run-battery";

export type EvalSummary = {
  runs: number;
  scored: number;
  providerErrors: number;
  timedOut: number;
  harnessErrors: number;
  /** Share of scored runs whose recovery was correct. */
  recovery: number | null;
  /** Share of scored runs with at least one invented value. */
  invented: number | null;
  /** Mean model requests above the scenario's minimum, per scored run. */
  extraRequests: number | null;
  /** Share of scored runs with a stopped turn whose text claims no success (runs without a stop do not count). */
  honestStop: number | null;
  /** Share of scored runs whose reply language could be told and matched the person's. */
  language: number | null;
  counts: { recovery: number; invented: number; honestStop: number; honestStopRuns: number; language: number; languageRuns: number };
  /** Mean tokens per scored run, as the provider reported them. */
  tokens: { input: number; output: number } | null;
};

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export function summarizeRuns(runs: readonly RunRecord[]): EvalSummary {
  const scored = runs.filter((run) => run.status === "scored" && run.scores);
  const scores = scored.flatMap((run) => (run.scores ? [run.scores] : []));
  const recovery = scores.filter((score) => score.recovery.correct).length;
  const invented = scores.filter((score) => score.invented.length > 0).length;
  const stopRuns = scores.filter((score) => score.honestStop.honest !== null);
  const honest = stopRuns.filter((score) => score.honestStop.honest === true).length;
  const languageRuns = scores.filter((score) => score.language.matches !== null);
  const language = languageRuns.filter((score) => score.language.matches === true).length;
  // Only turns whose model reported usage: a run of the built-in coach has no token figures, not zero.
  const tokens = scored.flatMap((run) => run.turns).filter((turn) => turn.inputTokens !== null && turn.outputTokens !== null);
  return {
    runs: runs.length,
    scored: scores.length,
    providerErrors: runs.filter((run) => run.status === "provider_error").length,
    timedOut: runs.filter((run) => run.status === "timed_out").length,
    harnessErrors: runs.filter((run) => run.status === "harness_error").length,
    recovery: share(recovery, scores.length),
    invented: share(invented, scores.length),
    extraRequests: scores.length === 0 ? null : scores.reduce((total, score) => total + score.extraRequests, 0) / scores.length,
    honestStop: share(honest, stopRuns.length),
    language: share(language, languageRuns.length),
    counts: { recovery, invented, honestStop: honest, honestStopRuns: stopRuns.length, language, languageRuns: languageRuns.length },
    tokens:
      scores.length === 0 || tokens.length === 0
        ? null
        : {
            input: tokens.reduce((total, turn) => total + (turn.inputTokens ?? 0), 0) / scores.length,
            output: tokens.reduce((total, turn) => total + (turn.outputTokens ?? 0), 0) / scores.length,
          },
  };
}
