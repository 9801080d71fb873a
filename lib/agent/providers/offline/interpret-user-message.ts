// Turns one user message into what the coach should do: read, list, report progress, save, replace after a conflict,
// explain that it cannot delete, ask about what it cannot read for sure, or say what it can do.
import type { MeasurementField, MeasurementValues } from "../../../measurements/fields";
import type { UnitSystem } from "../../../measurements/unit-system";
import type { SaveUnits } from "../../../measurements/units";
import { buildSaveValues } from "./build-save-values";
import { addDays } from "./calendar-dates";
import { findDateMentions, type DateMention, type DayMention, type RangeMention } from "./find-date-mentions";
import { findFallbackDate, findFallbackStart } from "./find-fallback-date";
import { foldText } from "./fold-text";
import { findClarification, type Clarification } from "./find-clarification";
import {
  affirmativeOnly,
  deleteWords,
  goalWords,
  listWords,
  negativeStart,
  progressWords,
  questionStart,
  rangeConnectors,
  recordWords,
  greetingOnly,
  replaceWords,
  saveVerbs,
  thanksOnly,
  sincePattern,
} from "./intent-words";
import { extractNote, findNamedFields, parseMeasurementValues } from "./parse-measurement-values";

export type { Clarification } from "./find-clarification";

export type UserIntent =
  | { kind: "read"; dates: DayMention[]; fallback?: DayMention }
  | { kind: "list"; from: string; to: string; rawFrom?: string; rawTo?: string; fields?: MeasurementField[] }
  /** `named`: the message named a period (its length is the rate window). */
  | { kind: "progress"; from: string; to: string; named: boolean; fields?: MeasurementField[] }
  /** `dateSaid` is false when the message named no date and today is meant (the answer says so). */
  | {
      kind: "save";
      date: DayMention;
      dateSaid: boolean;
      values: MeasurementValues;
      units?: SaveUnits;
      verbatimPairs?: Record<string, string>;
      note?: string;
      replace: boolean;
    }
  /** "My goal is 72 kg": one field's target (in `units` when pounds or inches), for set_goal. */
  | { kind: "goal"; field: MeasurementField; target: number; units?: SaveUnits }
  | { kind: "clarify"; question: Clarification }
  | { kind: "delete" }
  | { kind: "replace" }
  | { kind: "decline" }
  | { kind: "nothing-to-confirm" }
  | { kind: "declined-question" }
  | { kind: "greeting" }
  | { kind: "thanks" }
  | { kind: "help" };

/** Blanks out dates so their digits are never read as measurement values. */
function withoutMentions(text: string, mentions: readonly DateMention[]): string {
  let result = text;
  for (const mention of mentions) result = result.slice(0, mention.start) + " ; ".padEnd(mention.end - mention.start, " ") + result.slice(mention.end);
  return result;
}

function isDateRange({ folded, first, second }: { folded: string; first: DayMention; second: DayMention }): boolean {
  const between = folded.slice(first.end, second.start).trim();
  const before = folded.slice(0, first.start);
  return rangeConnectors.has(between) || /(?:between|from|entre|desde|del|de)\s*(?:the\s+|el\s+)?$/.test(before) || listWords.test(folded);
}

/** The range a list or progress question names: a range word, two dates, or "since" a date; else undefined. */
function namedRange({ folded, days, ranges, today }: { folded: string; days: DayMention[]; ranges: RangeMention[]; today: string }) {
  const [range] = ranges;
  if (range) return { from: range.from, to: range.to };
  const [first, second] = days;
  if (first && second && isDateRange({ folded, first, second })) {
    const [from, to] = first.iso <= second.iso ? [first, second] : [second, first];
    // An English ordinal date is sent as written first, like the read and save dates (see decide-next-step.ts).
    const raw = { ...(from.ordinal ? { rawFrom: from.raw } : {}), ...(to.ordinal ? { rawTo: to.raw } : {}) };
    return { from: from.iso, to: to.iso > today && from.iso <= today ? today : to.iso, ...raw };
  }
  if (first && days.length === 1 && sincePattern.test(folded.slice(0, first.start)))
    return { from: first.iso, to: today, ...(first.ordinal ? { rawFrom: first.raw } : {}) };
  return undefined;
}

/** Numbers of a text ("80,2" and "80.2" alike). */
function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((match) => Number(match[0].replace(",", ".")));
}

/**
 * "Replace 80.2 → 79.5 kg" or "Keep 80.2 kg" after a replace question: a confirmation or a refusal whose numbers all
 * come from the question, not a new save.
 */
function answersConflict(folded: string, question: string | undefined): "replace" | "decline" | undefined {
  if (question === undefined) return undefined;
  const asked = new Set(numbersIn(question));
  if (!numbersIn(folded).every((number) => asked.has(number))) return undefined;
  if (replaceWords.test(folded) && !negativeStart.test(folded)) return "replace";
  return negativeStart.test(folded) ? "decline" : undefined;
}

/** A goal names one field's target; several values with a goal word are not guessed at. */
function goalIntent(built: { values: MeasurementValues; units?: SaveUnits }): UserIntent | undefined {
  const entries = Object.entries(built.values) as Array<[MeasurementField, number]>;
  const [entry] = entries;
  if (entries.length !== 1 || !entry) return undefined;
  return { kind: "goal", field: entry[0], target: entry[1], ...(built.units ? { units: built.units } : {}) };
}

export function interpretUserMessage(options: {
  text: string;
  today: string;
  unitSystem?: UnitSystem;
  hasPendingConflict: boolean;
  /** The replace question the previous answer asked, if it asked one. */
  conflictQuestion?: string;
}): UserIntent {
  const { today, hasPendingConflict } = options;
  const { text: body, note } = extractNote(options.text.normalize("NFC"));
  const folded = foldText(body);
  if (greetingOnly.test(folded)) return { kind: "greeting" };
  if (thanksOnly.test(folded)) return { kind: "thanks" };
  const conflictAnswer = hasPendingConflict ? answersConflict(folded, options.conflictQuestion) : undefined;
  if (conflictAnswer) return { kind: conflictAnswer };
  const mentions = findDateMentions({ text: body, today });
  const fallbackStart = findFallbackStart(body);
  // A fallback clause ("if there is nothing, try the 1st") has its own reading of dates.
  const primary = mentions.filter((mention) => fallbackStart === undefined || mention.start < fallbackStart);
  const days = primary.filter((mention): mention is DayMention => mention.kind === "day");
  const ranges = primary.filter((mention): mention is RangeMention => mention.kind === "range");
  const plainText = withoutMentions(body, mentions);
  const parsed = parseMeasurementValues(plainText);
  const writtenUnit = parsed.problems.some(
    (problem) => problem.kind === "unknown_unit" || problem.kind === "unit_mismatch" || (problem.kind === "no_field" && problem.withUnit),
  );
  const hasValues = parsed.entries.length > 0 || parsed.verbatimPairs !== undefined || writtenUnit;
  const wantsReplace = replaceWords.test(folded);

  if (deleteWords.test(folded)) return { kind: "delete" };
  if (!hasValues && hasPendingConflict && (wantsReplace || affirmativeOnly.test(folded))) return { kind: "replace" };
  if (!hasValues && hasPendingConflict && negativeStart.test(folded)) return { kind: "decline" };
  if (!hasValues && (wantsReplace || affirmativeOnly.test(folded))) return { kind: "nothing-to-confirm" };

  // "I weigh 77 kgs?" states a value with a doubt: a question mark makes a question only of a message with no values.
  const isQuestion = questionStart.test(folded) || (body.includes("?") && parsed.entries.length === 0 && !writtenUnit);
  const isSave = hasValues && (saveVerbs.test(folded) || wantsReplace || !isQuestion);
  const clarification = findClarification({ folded, primary, parsed: isSave ? parsed : undefined });
  if (clarification) return { kind: "clarify", question: clarification };

  if (isSave) {
    const built = buildSaveValues({ entries: parsed.entries, unitSystem: options.unitSystem ?? "metric" });
    if ("mixed" in built) return { kind: "clarify", question: { kind: "mixed_units", dimension: built.mixed } };
    if (goalWords.test(folded)) return goalIntent(built) ?? { kind: "help" };
    const date = days[0] ?? { kind: "day", iso: today, raw: today, ordinal: false, start: 0, end: 0 };
    return {
      kind: "save",
      date,
      dateSaid: days.length > 0,
      ...built,
      ...(parsed.verbatimPairs ? { verbatimPairs: parsed.verbatimPairs } : {}),
      ...(note !== undefined ? { note } : {}),
      replace: wantsReplace,
    };
  }

  const fields = findNamedFields(plainText);
  const withFields = fields.length > 0 ? { fields } : {};
  const range = namedRange({ folded, days, ranges, today });
  if (progressWords.test(folded)) {
    return { kind: "progress", from: range?.from ?? addDays(today, -29), to: range?.to ?? today, named: range !== undefined, ...withFields };
  }
  if (range) return { kind: "list", ...range, ...withFields };
  const [first] = days;
  // A date alone, or with words about the records, is a read; "vai chover amanhã?" is not.
  const aboutRecords = fields.length > 0 || questionStart.test(folded) || recordWords.test(folded) || !/\p{L}{3,}/u.test(foldText(plainText));
  if (first && aboutRecords) {
    const fallback =
      days.length === 1 && fallbackStart !== undefined ? findFallbackDate({ text: body, start: fallbackStart, primary: first, mentions }) : undefined;
    return fallback ? { kind: "read", dates: days, fallback } : { kind: "read", dates: days };
  }
  if (listWords.test(folded)) return { kind: "list", from: addDays(today, -29), to: today, ...withFields };
  return { kind: "help" };
}
