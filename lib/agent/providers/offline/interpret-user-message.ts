// Turns one user message into what the coach should do: read, list, save, replace after a conflict, or help.
import type { MeasurementField, MeasurementValues } from "../../../measurements/fields";
import { addDays } from "./calendar-dates";
import { findDateMentions, type DateMention, type DayMention } from "./find-date-mentions";
import { findFallbackDate, findFallbackStart } from "./find-fallback-date";
import { foldText } from "./fold-text";
import { extractNote, findNamedFields, parseMeasurementValues } from "./parse-measurement-values";

export type UserIntent =
  | { kind: "read"; dates: DayMention[]; fallback?: DayMention }
  | { kind: "list"; from: string; to: string; rawFrom?: string; rawTo?: string; fields?: MeasurementField[] }
  | { kind: "save"; date: DayMention; values: MeasurementValues; verbatimPairs?: Record<string, string>; note?: string; replace: boolean }
  | { kind: "replace" }
  | { kind: "decline" }
  | { kind: "nothing-to-replace" }
  | { kind: "help" };

const replaceWords = /(?<![\p{L}])(?:replace|overwrite|reemplaz\p{L}*|sustitu\p{L}*|sobrescrib\p{L}*|substitu\p{L}*|sobrescrev\p{L}*)/u;
const affirmativeOnly = /^\s*(?:yes|yeah|yep|sure|ok|okay|si|sim|claro|vale|go ahead|do it|please do|pode|hazlo)(?:[\s,.!]+(?:please|por favor|do it|hazlo|pode))*[\s.!]*$/;
const negativeStart = /^\s*(?:no|nope|nao|don't|do not|keep|deja|dejalo|mantenlo|manten|mantenha|deixa|deixe)(?![\p{L}])/u;
const saveVerbs = /(?<![\p{L}])(?:save|store|record|log|add|set|guarda\p{L}*|registra\p{L}*|anota\p{L}*|apunta|agrega|anade|salva\p{L}*|salve|grava|registre|anote|adicion\p{L}*)(?![\p{L}])/u;
const questionStart = /^\s*(?:what|how|did|do|was|were|cuanto|cuanta|que|cual|quanto|quanta|qual|o que)(?![\p{L}])/u;
const listWords = /(?<![\p{L}])(?:list|show|history|display|lista|listar|liste|muestra|muestrame|mostrar|mostre|mostra|historial|historico)(?![\p{L}])/u;
const sincePattern = /(?<![\p{L}])(?:since|desde|a partir de|a partir del)\s*(?:the\s+|el\s+|o\s+)?$/u;
const rangeConnectors = new Set(["to", "until", "till", "through", "thru", "-", "–", "al", "a", "hasta", "ate"]);

/** Blanks out dates so their digits are never read as measurement values. */
function withoutMentions(text: string, mentions: DateMention[]): string {
  let result = text;
  for (const mention of mentions) result = result.slice(0, mention.start) + " ; ".padEnd(mention.end - mention.start, " ") + result.slice(mention.end);
  return result;
}

function isDateRange({ folded, first, second }: { folded: string; first: DayMention; second: DayMention }): boolean {
  const between = folded.slice(first.end, second.start).trim();
  const before = folded.slice(0, first.start);
  return rangeConnectors.has(between) || /(?:between|from|entre|desde|del|de)\s*(?:the\s+|el\s+)?$/.test(before) || listWords.test(folded);
}

export function interpretUserMessage({ text, today, hasPendingConflict }: { text: string; today: string; hasPendingConflict: boolean }): UserIntent {
  const normalized = text.normalize("NFC");
  const { text: body, note } = extractNote(normalized);
  const folded = foldText(body);
  const mentions = findDateMentions({ text: body, today });
  const fallbackStart = findFallbackStart(body);
  const primary = mentions.filter((mention) => fallbackStart === undefined || mention.start < fallbackStart);
  const days = primary.filter((mention): mention is DayMention => mention.kind === "day");
  const plainText = withoutMentions(body, mentions);
  const parsed = parseMeasurementValues(plainText);
  const hasValues = Object.keys(parsed.values).length > 0 || parsed.verbatimPairs !== undefined;
  const wantsReplace = replaceWords.test(folded);

  if (!hasValues && hasPendingConflict && (wantsReplace || affirmativeOnly.test(folded))) return { kind: "replace" };
  if (!hasValues && hasPendingConflict && negativeStart.test(folded)) return { kind: "decline" };
  if (!hasValues && wantsReplace) return { kind: "nothing-to-replace" };

  const isQuestion = body.includes("?") || questionStart.test(folded);
  if (hasValues && (saveVerbs.test(folded) || wantsReplace || !isQuestion)) {
    const date = days[0] ?? { kind: "day", iso: today, raw: today, ordinal: false, start: 0, end: 0 };
    return { kind: "save", date, values: parsed.values, verbatimPairs: parsed.verbatimPairs, note, replace: wantsReplace };
  }

  const fields = findNamedFields(plainText);
  const withFields = fields.length > 0 ? { fields } : {};
  const range = primary.find((mention) => mention.kind === "range");
  if (range?.kind === "range") return { kind: "list", from: range.from, to: range.to, ...withFields };
  const [first, second] = days;
  if (first && second && isDateRange({ folded, first, second })) {
    const [from, to] = first.iso <= second.iso ? [first, second] : [second, first];
    // An English ordinal date is sent as written first, like the read and save dates (see decide-next-step.ts).
    const raw = { ...(from.ordinal ? { rawFrom: from.raw } : {}), ...(to.ordinal ? { rawTo: to.raw } : {}) };
    return { kind: "list", from: from.iso, to: to.iso > today && from.iso <= today ? today : to.iso, ...raw, ...withFields };
  }
  if (first && days.length === 1 && sincePattern.test(folded.slice(0, first.start))) {
    return { kind: "list", from: first.iso, to: today, ...(first.ordinal ? { rawFrom: first.raw } : {}), ...withFields };
  }
  if (first) {
    const fallback = days.length === 1 && fallbackStart !== undefined ? findFallbackDate({ text: body, start: fallbackStart, primary: first, mentions }) : undefined;
    return fallback ? { kind: "read", dates: days, fallback } : { kind: "read", dates: days };
  }
  if (listWords.test(folded)) return { kind: "list", from: addDays(today, -29), to: today, ...withFields };
  return { kind: "help" };
}
