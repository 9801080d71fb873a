// The dates a message may name, and the candidate readings the date finders propose for spans of its folded text.

type Span = { raw: string; start: number; end: number };
/** One calendar day. `ordinal` marks an English "4th"-style day, which the coach first sends as written. */
export type DayMention = Span & { kind: "day"; iso: string; ordinal: boolean };
/** A range the user named: a month, "this month", "last 30 days", "last week". */
export type RangeMention = Span & { kind: "range"; from: string; to: string };
/**
 * A date the coach must not guess: a word it does not understand ("on my birthday", "the 5th of Smarch"), a numeric
 * day/month with two readings (`readings`), a day that does not exist, a future without a day ("next week"), a
 * misspelt date word ("yesterdy", with its likely `readings` and `suggestion`), or a day and month without a year that
 * is still ahead this year (`readings`: this year's, then last year's).
 */
export type UnclearMention = Span & {
  kind: "unclear";
  reason: "unknown" | "ambiguous" | "impossible" | "future" | "misspelled" | "future_yearless";
  readings?: string[];
  /** For a misspelling: the words it most likely stands for, as the person would write them ("yesterday"). */
  suggestion?: string;
  /** For a misspelling: the person's whole date phrase it belongs to ("10 Novmber 2025"), which an answer replaces. */
  phrase?: string;
};
export type DateMention = DayMention | RangeMention | UnclearMention;

/** A reading of a span; `build` may decline (undefined), leaving the span to other readings. */
export type Candidate = { start: number; end: number; build: (raw: string) => DateMention | undefined };

const at = { raw: "", start: 0, end: 0 };

export const dayOf =
  (iso: string | undefined, ordinal = false) =>
  (raw: string): DateMention | undefined =>
    iso === undefined ? undefined : { ...at, kind: "day", iso, ordinal, raw };

/** A named day that does not exist in the calendar is reported, never dropped (its digits are not values). */
export const dayOrImpossible =
  (iso: string | undefined, ordinal = false) =>
  (raw: string): DateMention =>
    iso === undefined ? { ...at, kind: "unclear", reason: "impossible", raw } : { ...at, kind: "day", iso, ordinal, raw };

export const rangeOf =
  (bounds: { from: string; to: string } | undefined) =>
  (raw: string): DateMention | undefined =>
    bounds === undefined ? undefined : { ...at, kind: "range", ...bounds, raw };

export const unclearOf =
  (reason: UnclearMention["reason"], readings?: string[], suggestion?: string, phrase?: string) =>
  (raw: string): DateMention => ({
    ...at,
    kind: "unclear",
    reason,
    raw,
    ...(readings ? { readings } : {}),
    ...(suggestion ? { suggestion } : {}),
    ...(phrase ? { phrase } : {}),
  });

/** Every match of a pattern (with the g flag) as a candidate whose reading `build` makes from the match. */
export function candidatesOf(folded: string, pattern: RegExp, build: (match: RegExpExecArray) => Candidate["build"]): Candidate[] {
  return [...folded.matchAll(pattern)].map((match) => ({ start: match.index, end: match.index + match[0].length, build: build(match) }));
}
