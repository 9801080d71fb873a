// Finds the dates and date ranges a user wrote ("2 de enero de 2020", "March 4th", "ayer", "last 30 days").
import { addDays, addMonths, lastDayOfMonth, mostRecentMonthDay, splitIsoDate, toIsoDate } from "./calendar-dates";
import { foldText } from "./fold-text";
import { fullMonthPattern, leadingMonthPattern, monthByName, standaloneMonthExclusions, trailingMonthPattern } from "./month-names";

type Span = { raw: string; start: number; end: number };
/** One calendar day. `ordinal` marks an English "4th"-style day, which the coach first sends as written. */
export type DayMention = Span & { kind: "day"; iso: string; ordinal: boolean };
/** A range the user named: a month, "this month", "last 30 days". */
export type RangeMention = Span & { kind: "range"; from: string; to: string };
export type DateMention = DayMention | RangeMention;

type Candidate = { start: number; end: number; build: (raw: string) => DateMention | undefined };

const ordinalSuffix = "(st|nd|rd|th|º|°|ª)";
const dayFirstPattern = new RegExp(
  `\\b(\\d{1,2})${ordinalSuffix}?\\s+(?:of\\s+|de\\s+)?(${trailingMonthPattern})\\b\\.?(?:,?\\s+(?:de\\s+|del\\s+|of\\s+)?(\\d{4})\\b)?`,
  "g",
);
const monthFirstPattern = new RegExp(`\\b(${leadingMonthPattern})\\b\\.?\\s+(\\d{1,2})(st|nd|rd|th)?(?!\\d)(?:,?\\s+(\\d{4})\\b)?`, "g");
const monthYearPattern = new RegExp(`\\b(${fullMonthPattern})\\s+(?:de\\s+|del\\s+|of\\s+)?(\\d{4})\\b`, "g");
const monthAlonePattern = new RegExp(`\\b(${fullMonthPattern})\\b`, "g");
const isoPattern = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g;
const relativeDayPatterns: Array<[RegExp, number]> = [
  [/\b(?:the day before yesterday|anteayer|antes de ayer|anteontem|antes de ontem)\b/g, -2],
  [/\b(?:yesterday|ayer|ontem)\b/g, -1],
  [/\b(?:today|this morning|this evening|tonight|hoy|esta manana|esta tarde|esta noche|hoje|esta manha)\b/g, 0],
];
const lastCountPattern = /\b(?:(?:the\s+)?(?:last|past|previous)|(?:los\s+|las\s+|os\s+|as\s+)?ultim[oa]s)\s+(\d{1,3})\s+(days?|weeks?|months?|dias|semanas|meses)\b/g;
const thisMonthPattern = /\b(?:this month|este mes)\b/g;
const thisYearPattern = /\b(?:this year|este ano)\b/g;

function monthRange({ year, month, today }: { year: number; month: number; today: string }): { from: string; to: string } | undefined {
  const from = toIsoDate(year, month, 1);
  const last = toIsoDate(year, month, lastDayOfMonth(year, month));
  if (!from || !last) return undefined;
  // A month that has not started is left whole: the tool then rejects the future date and the user hears why.
  return { from, to: last > today && from <= today ? today : last };
}

function collectCandidates(folded: string, today: string): Candidate[] {
  const candidates: Candidate[] = [];
  const each = (pattern: RegExp, build: (match: RegExpExecArray) => Candidate["build"]) => {
    for (const match of folded.matchAll(pattern)) {
      candidates.push({ start: match.index, end: match.index + match[0].length, build: build(match) });
    }
  };
  const day = (iso: string | undefined, ordinal: boolean) => (raw: string) => (iso ? { kind: "day" as const, iso, raw, ordinal, start: 0, end: 0 } : undefined);
  const dayFromParts = (year: string | undefined, month: number, dayOfMonth: number) =>
    year ? toIsoDate(Number(year), month, dayOfMonth) : mostRecentMonthDay({ month, day: dayOfMonth, today });

  each(isoPattern, (match) => day(toIsoDate(Number(match[1]), Number(match[2]), Number(match[3])), false));
  each(dayFirstPattern, (match) =>
    day(dayFromParts(match[4], monthByName.get(match[3] ?? "") ?? 0, Number(match[1])), ["st", "nd", "rd", "th"].includes(match[2] ?? "")),
  );
  each(monthFirstPattern, (match) => day(dayFromParts(match[4], monthByName.get(match[1] ?? "") ?? 0, Number(match[2])), match[3] !== undefined));
  for (const [pattern, offset] of relativeDayPatterns) each(pattern, () => day(addDays(today, offset), false));
  const range = (bounds: { from: string; to: string } | undefined) => (raw: string) =>
    bounds ? { kind: "range" as const, ...bounds, raw, start: 0, end: 0 } : undefined;
  each(monthYearPattern, (match) => range(monthRange({ year: Number(match[2]), month: monthByName.get(match[1] ?? "") ?? 0, today })));
  each(monthAlonePattern, (match) => {
    const month = monthByName.get(match[1] ?? "") ?? 0;
    if (standaloneMonthExclusions.has(match[1] ?? "")) return () => undefined;
    const { year, month: currentMonth } = splitIsoDate(today);
    return range(monthRange({ year: month <= currentMonth ? year : year - 1, month, today }));
  });
  each(lastCountPattern, (match) => {
    const count = Number(match[1]);
    const unit = match[2] ?? "";
    if (count < 1) return () => undefined;
    if (unit.startsWith("month") || unit === "meses") return range({ from: addDays(addMonths(today, -count), 1), to: today });
    const days = unit.startsWith("week") || unit === "semanas" ? count * 7 : count;
    return range({ from: addDays(today, 1 - days), to: today });
  });
  const { year, month } = splitIsoDate(today);
  each(thisMonthPattern, () => range({ from: toIsoDate(year, month, 1) ?? today, to: today }));
  each(thisYearPattern, () => range({ from: toIsoDate(year, 1, 1) ?? today, to: today }));
  return candidates;
}

/** Every date or range in the text, in reading order; where two readings overlap, the longer one wins. */
export function findDateMentions({ text, today }: { text: string; today: string }): DateMention[] {
  const folded = foldText(text);
  const candidates = collectCandidates(folded, today).sort((left, right) => right.end - right.start - (left.end - left.start) || left.start - right.start);
  const taken: DateMention[] = [];
  for (const candidate of candidates) {
    if (taken.some((mention) => candidate.start < mention.end && mention.start < candidate.end)) continue;
    const raw = text.slice(candidate.start, candidate.end).replace(/[\s,.]+$/u, "");
    const mention = candidate.build(raw);
    if (mention) taken.push({ ...mention, start: candidate.start, end: candidate.start + raw.length });
  }
  return taken.sort((left, right) => left.start - right.start);
}

/** Reads one date written in any supported form; undefined when the text holds no single day. */
export function parseSingleDate({ text, today }: { text: string; today: string }): string | undefined {
  const days = findDateMentions({ text, today }).filter((mention): mention is DayMention => mention.kind === "day");
  return days.length === 1 ? days[0]?.iso : undefined;
}
