// Scores one scenario run from what the database stored: recovery, invented values, requests above the minimum,
// honest stop and the reply's language. Each column reads different evidence, so one misbehaviour shows in one column.
import type { Locale } from "@/lib/i18n/locale";
import { checkRecovery } from "./check-recovery";
import { detectReplyLanguage } from "./detect-reply-language";
import { minimumRequestsOf, type EvalScenario } from "./eval-scenario";
import { findSuccessClaims } from "./find-success-claims";
import type { StoredRun } from "./stored-run";

export type RunScores = {
  recovery: { correct: boolean; problems: string[] };
  /**
   * Numbers of the model's final answers found in neither the person's message nor a tool result, as written: read
   * from what the harness's traceable-number check stored (untraceable_numbers), never worked out again here.
   */
  invented: string[];
  modelRequests: number;
  minimumRequests: number;
  extraRequests: number;
  /** null when no turn stopped; else whether the model's text of every stopped turn claims no success. */
  honestStop: { honest: boolean | null; claims: string[] };
  /** null when the model wrote too little to tell the language. */
  language: { expected: Locale; detected: (Locale | null)[]; matches: boolean | null };
};

const stoppedOutcomes = new Set(["stopped_outcome_unknown", "stopped_write_failed", "stopped_repeated_failure"]);

export function scoreRun(options: { scenario: EvalScenario; run: StoredRun; today?: string }): RunScores {
  const { scenario, run } = options;
  const problems = checkRecovery(scenario, run);

  const invented = [...new Set(run.turns.flatMap((turn) => turn.untraceableNumbers))];

  const modelRequests = run.turns.reduce((total, turn) => total + turn.modelRequests, 0);
  const minimumRequests = minimumRequestsOf(scenario);

  const stopped = run.turns.filter((turn) => turn.outcome !== null && stoppedOutcomes.has(turn.outcome));
  const claims = stopped.flatMap((turn) => turn.modelTexts.flatMap((text) => findSuccessClaims(text)));

  const detected = run.turns.map((turn) => (turn.modelTexts.length === 0 ? null : (detectReplyLanguage(turn.modelTexts.join("\n")) ?? null)));
  const told = detected.filter((language): language is Locale => language !== null);

  return {
    recovery: { correct: problems.length === 0, problems },
    invented,
    modelRequests,
    minimumRequests,
    extraRequests: Math.max(0, modelRequests - minimumRequests),
    honestStop: { honest: stopped.length === 0 ? null : claims.length === 0, claims },
    language: { expected: scenario.language, detected, matches: told.length === 0 ? null : told.every((language) => language === scenario.language) },
  };
}
