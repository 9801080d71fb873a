// When the harness ends a turn by itself after a tool call: a list of predicates, checked in order in one place
// (stopAfterToolCall). The loop's own bound, the round limit, is the `for` of run-turn.ts.
import type { Locale } from "@/lib/i18n/locale";
import { turnMessages } from "./messages/turn-messages";
import type { ToolErrorCode, ToolOutcome } from "@/lib/outcome/tool-outcome";
import type { TurnOutcome } from "@/lib/store/records";

export const DEFAULT_MAX_ROUNDS = 6;

export type TurnStop = { outcome: TurnOutcome; message: string };

/** What a stop condition is shown of the call that just finished. */
export type FinishedToolCall = {
  name: string;
  outcome: ToolOutcome;
  /** True when the repeated-failure guard answered for the call instead of running it. */
  blocked: boolean;
  locale: Locale;
};

export type StopCondition = (call: FinishedToolCall) => TurnStop | undefined;

/** The same call failed twice in one way: the guard refused a third run. */
const repeatedFailure: StopCondition = ({ name, outcome, blocked, locale }) =>
  blocked
    ? { outcome: "stopped_repeated_failure", message: turnMessages[locale].repeatedFailure({ tool: name, code: outcome.isError ? outcome.content.error : "" }) }
    : undefined;

/** An outcome whose recovery is stop_turn (write_failed, outcome_unknown, idempotency_key_reused, forbidden). */
const stopTurnRecovery: StopCondition = ({ outcome, locale }) => {
  if (!outcome.isError || outcome.content.recovery !== "stop_turn") return undefined;
  const code = outcome.content.error;
  const date = outcome.content.details?.date as string | undefined;
  return { outcome: turnOutcomeForStop(code), message: stopMessage({ code, locale, date }) };
};

export const stopConditions: readonly StopCondition[] = [repeatedFailure, stopTurnRecovery];

/** The first stop condition that holds after this call, or undefined when the turn goes on. */
export function stopAfterToolCall(call: FinishedToolCall): TurnStop | undefined {
  for (const condition of stopConditions) {
    const stop = condition(call);
    if (stop) return stop;
  }
  return undefined;
}

export function turnOutcomeForStop(code: ToolErrorCode): TurnOutcome {
  return code === "outcome_unknown" ? "stopped_outcome_unknown" : "stopped_write_failed";
}

/** The fixed, localized message the harness writes when a stop_turn outcome ends the turn. */
export function stopMessage(options: { code: ToolErrorCode; locale: Locale; date?: string }): string {
  const messages = turnMessages[options.locale];
  switch (options.code) {
    case "outcome_unknown":
      return messages.outcomeUnknown({ date: options.date });
    case "idempotency_key_reused":
      return messages.idempotencyKeyReused();
    case "forbidden":
      return messages.forbidden();
    default:
      return messages.writeFailed({ date: options.date });
  }
}

function canonicalArguments(text: string): string {
  try {
    const sortKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sortKeys)
        : value !== null && typeof value === "object"
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
            )
          : value;
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** Counts failures per (tool, arguments, code) within one turn. */
export class RepeatedFailureGuard {
  private readonly failures = new Map<string, { count: number; outcome: ToolOutcome; serialized: string }>();

  private keyOf(name: string, argumentsText: string, code: string): string {
    return JSON.stringify([name, canonicalArguments(argumentsText), code]);
  }

  record(options: { name: string; argumentsText: string; outcome: ToolOutcome; serialized: string }): void {
    if (!options.outcome.isError) return;
    const key = this.keyOf(options.name, options.argumentsText, options.outcome.content.error);
    const entry = this.failures.get(key);
    this.failures.set(key, { count: (entry?.count ?? 0) + 1, outcome: options.outcome, serialized: options.serialized });
  }

  /** The earlier failure when this exact call already failed twice with one code; it must not run a third time. */
  blockedBy(name: string, argumentsText: string): { outcome: ToolOutcome; serialized: string } | undefined {
    const prefix = JSON.stringify([name, canonicalArguments(argumentsText)]).slice(0, -1);
    for (const [key, entry] of this.failures) if (key.startsWith(`${prefix},`) && entry.count >= 2) return entry;
    return undefined;
  }
}
