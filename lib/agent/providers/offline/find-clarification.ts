// What the coach must ask about instead of guessing: a date it cannot use, and, in a save, a value it cannot read
// for sure. The first one found is asked; no tool is called.
import type { MeasurementField } from "../../../measurements/fields";
import type { DateMention, DayMention, UnclearMention } from "./date-candidate";
import { changeWords } from "./intent-words";
import type { ParsedValues } from "./parse-measurement-values";

export type Clarification =
  | { kind: "unknown_date"; text: string }
  /** A misspelt date word; `suggestion` and `reading` when one date word is the likely one. */
  | { kind: "misspelled_date"; text: string; suggestion?: string; reading?: string; phrase?: string }
  /** "10 December" on 4 December: this year's is ahead; last year's may be meant. */
  | { kind: "future_yearless"; text: string; future: string; lastYear: string }
  | { kind: "ambiguous_date"; text: string; readings: string[] }
  | { kind: "impossible_date"; text: string }
  | { kind: "future_without_day"; text: string }
  /** The days as the person wrote them ("yesterday", "today"). */
  | { kind: "several_dates"; texts: string[] }
  | { kind: "range_in_save"; text: string }
  | { kind: "unknown_unit"; text: string }
  | { kind: "unit_mismatch"; field: MeasurementField; text: string }
  | { kind: "no_field"; text: string }
  | { kind: "two_values"; field: MeasurementField; texts: string[] }
  | { kind: "mixed_units"; dimension: "mass" | "length" }
  | { kind: "relative_change"; text: string }
  | { kind: "approximate"; text: string };

const futureVerb = /weigh|pes/i;

function dateClarification(primary: DateMention[]): Clarification | undefined {
  const unclear = primary.filter((mention): mention is UnclearMention => mention.kind === "unclear");
  const impossible = unclear.find((mention) => mention.reason === "impossible");
  if (impossible) return { kind: "impossible_date", text: impossible.raw };
  const ambiguous = unclear.find((mention) => mention.reason === "ambiguous");
  if (ambiguous) return { kind: "ambiguous_date", text: ambiguous.raw, readings: ambiguous.readings ?? [] };
  const yearless = unclear.find((mention) => mention.reason === "future_yearless");
  const [thisYears, lastYear] = yearless?.readings ?? [];
  if (yearless && thisYears && lastYear) return { kind: "future_yearless", text: yearless.raw, future: thisYears, lastYear };
  // A date word next to a clear date is only a remark ("on my birthday, 2026-11-20"); alone it is the date.
  if (unclear.length === 0 || unclear.length < primary.length) return undefined;
  // "I'll weigh 75 kg next week": the date words say more than the verb.
  const futures = unclear.filter((mention) => mention.reason === "future");
  const future = futures.find((mention) => !futureVerb.test(mention.raw)) ?? futures[0];
  if (future) return { kind: "future_without_day", text: future.raw };
  const misspelled = unclear.find((mention) => mention.reason === "misspelled");
  if (misspelled) {
    const [reading] = misspelled.readings ?? [];
    const known = reading && misspelled.suggestion ? { suggestion: misspelled.suggestion, reading, phrase: misspelled.phrase } : {};
    return { kind: "misspelled_date", text: misspelled.raw, ...known };
  }
  return { kind: "unknown_date", text: unclear[0]?.raw ?? "" };
}

function valueClarification(parsed: ParsedValues, folded: string): Clarification | undefined {
  const change = changeWords.exec(folded);
  if (change) return { kind: "relative_change", text: change[0].trim() };
  for (const kind of ["approximate", "unknown_unit", "unit_mismatch"] as const) {
    const problem = parsed.problems.find((candidate) => candidate.kind === kind);
    if (problem) return problem;
  }
  return undefined;
}

/** Values for several days, or two values for one field: asked after the dates, since one date may explain them. */
function countClarification(parsed: ParsedValues, primary: DateMention[]): Clarification | undefined {
  const range = primary.find((mention) => mention.kind === "range");
  if (range) return { kind: "range_in_save", text: range.raw };
  const days = primary.filter((mention): mention is DayMention => mention.kind === "day");
  if (new Set(days.map((day) => day.iso)).size > 1) return { kind: "several_dates", texts: days.map((day) => day.raw) };
  const twoValues = parsed.problems.find((problem) => problem.kind === "two_values");
  if (twoValues) return twoValues;
  const noField = parsed.problems.find((problem) => problem.kind === "no_field");
  return noField?.kind === "no_field" ? { kind: "no_field", text: noField.text } : undefined;
}

/** `parsed` is given only for a save: its values and its single date are checked too. */
export function findClarification({ folded, primary, parsed }: { folded: string; primary: DateMention[]; parsed?: ParsedValues }): Clarification | undefined {
  const date = dateClarification(primary);
  if (date || !parsed) return date;
  return valueClarification(parsed, folded) ?? countClarification(parsed, primary);
}
