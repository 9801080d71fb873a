// The traceable-number check (product.md, "Every number in a reply can be traced"): each number written in a final
// answer must come from the person's message or a tool result of the turn, allowing unit conversion (kg/lb, cm/in,
// feet and inches), rounding to the precision the reply shows, dates (a result's, or a written date of the person's
// recent past) and counts of records. A number that
// comes from neither is returned as written; the caller stores and marks it, it never rewrites the answer.
import { addDays } from "@/lib/measurements/dates";
import { CENTIMETRES_PER_INCH, KILOGRAMS_PER_POUND } from "@/lib/measurements/units";
import { foldText } from "./providers/offline/fold-text";
import { fullMonthPattern, monthByName } from "./providers/offline/month-names";

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;
/** A number as a reply writes it: digits with one decimal separator, not glued to letters before it ("MP3"). */
const writtenNumber = /(?<![\p{L}\d.,])\d+(?:[.,]\d+)?/gu;

export type WrittenNumber = { text: string; value: number; decimals: number };

export function numbersWrittenIn(text: string): WrittenNumber[] {
  return [...text.matchAll(writtenNumber)].map((match) => {
    const written = match[0];
    const [, fraction = ""] = written.split(/[.,]/);
    return { text: written, value: Number(written.replace(",", ".")), decimals: fraction.length };
  });
}

/** Every number a value holds, with what a reply may derive from it: conversions, feet and inches, date parts, counts. */
function collectSources(value: unknown, into: number[]): void {
  if (typeof value === "number" && Number.isFinite(value)) {
    const magnitude = Math.abs(value);
    into.push(magnitude, magnitude / KILOGRAMS_PER_POUND, magnitude * KILOGRAMS_PER_POUND, magnitude / CENTIMETRES_PER_INCH, magnitude * CENTIMETRES_PER_INCH);
    // A height in inches told as feet and inches.
    for (const inches of [magnitude, magnitude / CENTIMETRES_PER_INCH]) {
      const feet = Math.floor(inches / 12);
      into.push(feet, inches - feet * 12);
    }
  } else if (typeof value === "string") {
    const date = isoDate.exec(value);
    if (date) for (const part of date.slice(1)) into.push(Number(part));
  } else if (Array.isArray(value)) {
    into.push(value.length);
    for (const item of value) collectSources(item, into);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) collectSources(item, into);
  }
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A quoted example of what the person could type ('For example: "I weighed 77.4 kg on 29 November"') states nothing
 * about their records, so its numbers are not checked; anything outside the quotes is.
 */
const quotedExample = /(?:for example|e\.g\.|por ejemplo|p\. ?ej\.|por exemplo|ex\.)\s*:?\s*(?:"[^"\n]*"|“[^”\n]*”|«[^»\n]*»)/giu;

/** How far back a written calendar date counts as the person's own recent past ("yesterday, 30 November 2026"). */
const RECENT_DAYS = 400;
const NEAR_FUTURE_DAYS = 7;
const dayMonthYear = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:de\\s+)?(${fullMonthPattern})(?![\\p{L}])(?:,?\\s+(?:de\\s+)?(\\d{4}))?`,
  "gu",
);
const monthDayYear = new RegExp(`(?<![\\p{L}])(${fullMonthPattern})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d])(?:,?\\s+(\\d{4}))?`, "gu");
const isoInText = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;

const isoOf = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * The reply with its written calendar dates of the recent past blanked out: a date the person's words or today name
 * ("yesterday, 30 November 2026", "did you mean 20 December 2025?") is a date, not a measurement. A date in the future
 * or long ago (an ETA, a date of birth) stays, and its numbers must come from a source like any other.
 */
function withoutRecentDates(reply: string, today: string): string {
  const earliest = addDays(today, -RECENT_DAYS);
  // A week ahead too: "did you mean tomorrow, 2 December?" names a date of the person's words, not a forecast.
  const latest = addDays(today, NEAR_FUTURE_DAYS);
  const isRecent = (iso: string) => iso >= earliest && iso <= latest;
  const thisYear = Number(today.slice(0, 4));
  const blank = (text: string) => " ".repeat(text.length);
  const recentDate = (day: number, monthName: string, yearText: string | undefined) => {
    const month = monthByName.get(monthName) ?? 0;
    if (yearText) return isRecent(isoOf(Number(yearText), month, day));
    // Without a year: this year's, last year's (the day-and-month rule) or, in late December, next year's.
    return [thisYear - 1, thisYear, thisYear + 1].some((year) => isRecent(isoOf(year, month, day)));
  };
  let folded = foldText(reply.normalize("NFC"));
  folded = folded.replace(dayMonthYear, (match, day: string, month: string, year?: string) => (recentDate(Number(day), month, year) ? blank(match) : match));
  folded = folded.replace(monthDayYear, (match, month: string, day: string, year?: string) => (recentDate(Number(day), month, year) ? blank(match) : match));
  return folded.replace(isoInText, (match, year: string, month: string, day: string) =>
    isRecent(isoOf(Number(year), Number(month), Number(day))) ? blank(match) : match,
  );
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The numbers of `reply` that no source explains. `toolResults` are the turn's tool results as stored (JSON text);
 * `userMessage` the person's message; `today` the turn's date (a reply may name today's date).
 */
export function findUntraceableNumbers(options: { reply: string; userMessage: string; toolResults: readonly string[]; today: string }): string[] {
  const sources: number[] = [];
  for (const number of numbersWrittenIn(options.userMessage)) sources.push(number.value);
  for (const part of isoDate.exec(options.today)?.slice(1) ?? []) sources.push(Number(part));
  for (const result of options.toolResults) {
    const parsed = parsedOrText(result);
    if (typeof parsed === "string") for (const number of numbersWrittenIn(parsed)) sources.push(number.value);
    else collectSources(parsed, sources);
  }
  const untraceable: string[] = [];
  for (const number of numbersWrittenIn(withoutRecentDates(options.reply.replace(quotedExample, ""), options.today))) {
    // Shown to 0, 1 or 2 decimals: a source matches when rounding it to the shown precision gives the number.
    const traced = sources.some((source) => roundTo(source, number.decimals) === number.value);
    if (!traced && !untraceable.includes(number.text)) untraceable.push(number.text);
  }
  return untraceable;
}
