// How a turn ended: every ending is a completed request with its own outcome.
export const turnOutcomes = [
  "answered",
  "stopped_outcome_unknown",
  "stopped_write_failed",
  "stopped_repeated_failure",
  "round_limit",
  "provider_error",
  "internal_error",
] as const;
export type TurnOutcome = (typeof turnOutcomes)[number];
