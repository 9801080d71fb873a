// Finds "if there is nothing, try the 1st" (and its Spanish and Portuguese forms) and the date it names.
import { addDays, splitIsoDate, toIsoDate } from "./calendar-dates";
import type { DateMention, DayMention } from "./find-date-mentions";
import { alternationOf, foldText } from "./fold-text";

const fallbackMarkers = [
  "if there is nothing",
  "if there's nothing",
  "if there is none",
  "if there isn't one",
  "if there is no record",
  "if there's no record",
  "if nothing",
  "if none",
  "if it's missing",
  "if it is missing",
  "if missing",
  "if not found",
  "if not",
  "otherwise",
  "si no hay nada",
  "si no hay registro",
  "si no hay",
  "si no existe",
  "si falta",
  "si no",
  "de lo contrario",
  "sino",
  "se nao houver nada",
  "se nao houver",
  "se nao tiver",
  "se nao existir",
  "se nao tem",
  "se nao ha",
  "se faltar",
  "se nao",
  "senao",
  "caso contrario",
];
const markerPattern = new RegExp(`(?<![\\p{L}])(?:${alternationOf(fallbackMarkers)})(?![\\p{L}])`, "u");
const dayBeforePattern = /\b(?:the day before|the previous day|el dia anterior|o dia anterior)\b/;
const dayAfterPattern = /\b(?:the day after|the next day|el dia siguiente|o dia seguinte)\b/;
// A sentence may end right after the day ("prueba el 1."): only a decimal part makes it a number.
const bareDayPattern = /(?<![\d.,])(\d{1,2})(?:st|nd|rd|th|º|°|ª)?(?!\d|[.,]\d|\s*(?:kg|cm|%))/;

/** Where the fallback clause starts in the text, or undefined when the user asked for none. */
export function findFallbackStart(text: string): number | undefined {
  return markerPattern.exec(foldText(text))?.index;
}

/**
 * The date to try when the primary one has no record: a full date in the clause, "the day before", or a bare day
 * ("the 1st", "el 1", "o dia 1") in the primary date's month.
 */
export function findFallbackDate({
  text,
  start,
  primary,
  mentions,
}: {
  text: string;
  start: number;
  primary: DayMention;
  mentions: readonly DateMention[];
}): DayMention | undefined {
  const named = mentions.find((mention): mention is DayMention => mention.kind === "day" && mention.start >= start);
  if (named) return named.iso === primary.iso ? undefined : named;
  const clause = foldText(text.slice(start));
  const make = (iso: string | undefined): DayMention | undefined =>
    iso && iso !== primary.iso ? { kind: "day", iso, raw: iso, ordinal: false, start, end: text.length } : undefined;
  if (dayBeforePattern.test(clause)) return make(addDays(primary.iso, -1));
  if (dayAfterPattern.test(clause)) return make(addDays(primary.iso, 1));
  const bareDay = bareDayPattern.exec(clause);
  if (!bareDay) return undefined;
  const { year, month } = splitIsoDate(primary.iso);
  return make(toIsoDate(year, month, Number(bareDay[1])));
}
