// What one scenario of the evaluation battery is: the person's data and faults, what they say, and what a model that
// follows the tool contract does about it. Plain data, so the battery reads as a specification.
import type { ArmFaultInput } from "@/lib/faults/fault-modes";
import type { Locale } from "@/lib/i18n/locale";

export type SeedRecord = { date: string; values: Record<string, number>; note?: string };

export type ScenarioTurn = {
  /** What the person writes. Unique across the battery: the fake provider's scripts are keyed by it. */
  message: string;
  /** The fewest model requests a contract-following model needs for this turn. */
  minimumRequests: number;
  /** Why that is the minimum, shown with the results. */
  reason: string;
  /** How the turn must end (a turn outcome). */
  outcome: "answered" | "stopped_outcome_unknown" | "stopped_write_failed";
};

/** What the stored run must show for the recovery to count as correct, beyond the rules every code carries. */
export type ScenarioExpectations = {
  /** The person asked for no change: no save_measurement may be asked for. */
  noWrites?: boolean;
  /** Dates whose data the model must have obtained (a read that answered ok or not_found, or a list covering it). */
  mustRead?: { date: string; turn?: number }[];
  /** A range that successful list_measurements calls must cover between them. */
  mustCover?: { from: string; to: string };
  /** Every record stored when the run ends, exactly (the seeds included). */
  finalRecords?: { date: string; values: Record<string, number> }[];
  /** Values (metric, as stored) the model's reply must state: the data the person asked for. */
  replyStates?: number[];
};

export type EvalScenario = {
  id: string;
  title: string;
  /** What the scenario checks, in a sentence. */
  purpose: string;
  /** The interface language the turn runs with (the system prompt names it). */
  locale: Locale;
  /** The language the person writes in: the reply must be in it. */
  language: Locale;
  seed: SeedRecord[];
  faults: ArmFaultInput[];
  turns: ScenarioTurn[];
  expect: ScenarioExpectations;
};

export function minimumRequestsOf(scenario: EvalScenario): number {
  return scenario.turns.reduce((total, turn) => total + turn.minimumRequests, 0);
}
