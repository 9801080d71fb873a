// One logical request across rounds: the first call, a corrected or narrowed retry, and the outcome it ends with.
import type { ObservedOutcome, TurnCall } from "./collect-turn-calls";
import { correctToolArguments } from "./correct-tool-arguments";

export type PlannedCall = { name: string; arguments: Record<string, unknown> };

/** What the coach does next: call tools, or answer (a question may offer its answers: words a person could type). */
export type Step = { calls: PlannedCall[] } | { text: string; quickReplies?: string[] };

export type ChainState =
  { status: "call"; call: PlannedCall } | { status: "done"; outcome: ObservedOutcome; arguments: Record<string, unknown>; attempts: TurnCall[] };

const missingOutcome: ObservedOutcome = { isError: true, code: "unrecognized" };

/**
 * Decides the next call of a chain from the outcomes of its earlier attempts. A bad_arguments or range_too_large
 * outcome gets one repaired retry; any other outcome (or a repair that changes nothing) ends the chain.
 */
export function followCallChain(options: {
  first: PlannedCall;
  attempts: TurnCall[];
  today: string;
  narrow?: (attempt: TurnCall) => Record<string, unknown> | undefined;
}): ChainState {
  const { first, attempts, today, narrow } = options;
  const last = attempts.at(-1);
  if (!last) return { status: "call", call: first };
  const outcome = last.outcome ?? missingOutcome;
  const done: ChainState = { status: "done", outcome, arguments: last.arguments, attempts };
  if (!outcome.isError) return done;
  const timesFailedWith = attempts.filter((attempt) => attempt.outcome?.isError && attempt.outcome.code === outcome.code).length;
  if (timesFailedWith > 1) return done;
  const repaired =
    outcome.code === "bad_arguments"
      ? correctToolArguments({ name: last.name, arguments: last.arguments, today })
      : outcome.code === "range_too_large" && narrow
        ? narrow(last)
        : undefined;
  return repaired ? { status: "call", call: { name: last.name, arguments: repaired } } : done;
}
