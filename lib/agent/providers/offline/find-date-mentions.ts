// Finds the dates and date ranges a user wrote ("2 de enero de 2020", "March 4th", "ayer", "el lunes", "last 30 days"),
// and the date words it must not guess ("on my birthday", "02/01/2025", "31 November 2026", "next week").
import { collectCalendarCandidates } from "./find-calendar-dates";
import { collectRangeCandidates } from "./find-date-ranges";
import { collectRelativeCandidates } from "./find-relative-dates";
import { collectUnclearCandidates } from "./find-unclear-dates";
import { deepFreeze } from "./deep-freeze";
import { unclearOf, type Candidate, type DateMention, type DayMention } from "./date-candidate";
import { findMisspelledDateWords, findUnknownWordsAfterDatePrepositions, writtenFormOf } from "./find-misspelled-dates";
import { foldText } from "./fold-text";

export type { DateMention, DayMention, RangeMention, UnclearMention } from "./date-candidate";

/**
 * The readings of recent texts, by day and text. The offline coach reads the person's message again in every round of
 * a turn (and each read call's date once per round), so without this the same sentence is parsed three times or more
 * per turn: that parsing was a fifth of a chat turn's CPU in the profile. Bounded; the oldest reading goes first.
 */
const MAX_REMEMBERED_TEXTS = 500;
const remembered = new Map<string, readonly DateMention[]>();

/**
 * Every date, range or unclear date word in the text, in reading order; where readings overlap, the longest wins.
 * The result is shared between callers (frozen: a caller that tried to change it would throw).
 */
export function findDateMentions({ text, today }: { text: string; today: string }): readonly DateMention[] {
  const key = `${today}\u0000${text}`;
  const known = remembered.get(key);
  if (known) return known;
  const mentions = deepFreeze(readDateMentions(text, today));
  if (remembered.size >= MAX_REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value as string);
  remembered.set(key, mentions);
  return mentions;
}

function readDateMentions(text: string, today: string): DateMention[] {
  const folded = foldText(text);
  const candidates = [
    ...collectCalendarCandidates(folded, today),
    ...collectRelativeCandidates(folded, today),
    ...collectRangeCandidates(folded, today),
    ...collectUnclearCandidates(folded),
    ...collectMisspelledCandidates(text, folded, today),
  ].sort((left, right) => right.end - right.start - (left.end - left.start) || left.start - right.start);
  const taken: DateMention[] = [];
  for (const candidate of candidates) {
    if (taken.some((mention) => candidate.start < mention.end && mention.start < candidate.end)) continue;
    const raw = text.slice(candidate.start, candidate.end).replace(/[\s,.]+$/u, "");
    const mention = candidate.build(raw);
    if (mention) taken.push({ ...mention, start: candidate.start, end: candidate.start + raw.length });
  }
  return taken.sort((left, right) => left.start - right.start);
}

/**
 * A misspelt date word is read as the word it suggests would be ("yesterdy" as "yesterday"), only to offer that
 * reading in the question; an unknown word after "on" / "el" / "na" / "em" is a date word the coach cannot read.
 */
function collectMisspelledCandidates(text: string, folded: string, today: string): Candidate[] {
  const misspelled = findMisspelledDateWords(folded).map(({ start, end, suggestion }): Candidate => {
    if (suggestion === undefined) return { start, end, build: unclearOf("misspelled") };
    const corrected = text.slice(0, start) + writtenFormOf(suggestion) + text.slice(end);
    const reading = readDateMentions(corrected, today).find((mention) => mention.start < start + suggestion.length && start < mention.end);
    if (reading?.kind !== "day") return { start, end, build: unclearOf("misspelled") };
    // The reading's span, back in the person's text: the corrected word is longer or shorter than the written one.
    const phrase = text.slice(Math.min(reading.start, start), reading.end - (suggestion.length - (end - start))).trim();
    const build = unclearOf("misspelled", [reading.iso], reading.raw, phrase);
    return { start, end, build };
  });
  const afterPrepositions = findUnknownWordsAfterDatePrepositions(folded)
    .filter((word) => !misspelled.some((candidate) => candidate.start === word.start))
    .map(({ start, end }): Candidate => ({ start, end, build: unclearOf("unknown") }));
  return [...misspelled, ...afterPrepositions];
}

/** Reads one date written in any supported form; undefined when the text holds no single day. */
export function parseSingleDate({ text, today }: { text: string; today: string }): string | undefined {
  const mentions = findDateMentions({ text, today });
  const days = mentions.filter((mention): mention is DayMention => mention.kind === "day");
  return days.length === 1 && mentions.length === 1 ? days[0]?.iso : undefined;
}
