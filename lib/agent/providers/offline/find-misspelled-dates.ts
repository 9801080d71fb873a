// Date words written wrong ("yesterdy", "ayet", "on mondy", "ontenm", "Novmber"): a word the coach does not know that
// is within two edits of a date word is a date it does not understand. It is never read as "no date" (today): the
// coach asks, with the reading it suspects ("Did you mean yesterday, 3 December?").
import { weekdayByName } from "./date-words";
import { isKnownWord } from "./known-words";
import { fullMonthNames, monthByName } from "./month-names";

/**
 * The date words a misspelling is measured against. Words that mean today ("today", "hoy", "hoje") are left out on
 * purpose: a save with no date is already a save for today, and the reply says so.
 */
const dateWords: readonly string[] = [
  ...["yesterday", "tomorrow", "ayer", "anteayer", "anoche", "manana", "pasado", "pasada"],
  ...["ontem", "anteontem", "amanha", "passado", "passada"],
  ...weekdayByName.keys(),
  ...fullMonthNames,
];
const dateWordSet = new Set(dateWords);

const accented = new Map([
  ["miercoles", "miércoles"],
  ["sabado", "sábado"],
  ["manana", "mañana"],
  ["amanha", "amanhã"],
  ["atras", "atrás"],
  ["terca", "terça"],
  ["marco", "março"],
]);
const capitalized = new Set([
  ...["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
  ...["january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december"],
]);

/** A date word as a person writes it: "miércoles", "amanhã", "Monday" (same length as the folded word). */
export function writtenFormOf(word: string): string {
  if (capitalized.has(word)) return word.charAt(0).toUpperCase() + word.slice(1);
  return accented.get(word) ?? word;
}

/**
 * Damerau–Levenshtein distance: the fewest insertions, deletions, substitutions and swaps of neighbours that turn one
 * word into the other, edits applied one after another ("anteayer" → "anteayr" → "anteary" is two). Capped at `cap`.
 */
export function editDistance(left: string, right: string, cap = 3): number {
  if (Math.abs(left.length - right.length) >= cap) return cap;
  const infinity = left.length + right.length;
  const lastRow = new Map<string, number>();
  // d[i + 1][j + 1] is the distance between the first i letters of left and the first j of right.
  const d = Array.from({ length: left.length + 2 }, () => new Array<number>(right.length + 2).fill(0));
  d[0]![0] = infinity;
  for (let i = 0; i <= left.length; i++) [d[i + 1]![0], d[i + 1]![1]] = [infinity, i];
  for (let j = 0; j <= right.length; j++) [d[0]![j + 1], d[1]![j + 1]] = [infinity, j];
  for (let i = 1; i <= left.length; i++) {
    let lastMatchColumn = 0;
    for (let j = 1; j <= right.length; j++) {
      const k = lastRow.get(right[j - 1]!) ?? 0;
      const l = lastMatchColumn;
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      if (cost === 0) lastMatchColumn = j;
      d[i + 1]![j + 1] = Math.min(d[i]![j]! + cost, d[i + 1]![j]! + 1, d[i]![j + 1]! + 1, d[k]![l]! + (i - k - 1) + 1 + (j - l - 1));
    }
    lastRow.set(left[i - 1]!, i);
  }
  return Math.min(d[left.length + 1]![right.length + 1]!, cap);
}

/** How far a word may be from a date word to be taken for a misspelling of it: short words stay close. */
function allowedEdits(word: string): number {
  return word.length >= 4 ? 2 : 1;
}

/**
 * Whether an unknown word is a misspelt date word, and which one it most likely stands for: `suggestion` is undefined
 * when two date words are equally close ("dyas": "days" or "dias"), and the whole answer undefined when none is close.
 */
export function closestDateWord(word: string): { suggestion?: string } | undefined {
  if (word.length < 3 || dateWordSet.has(word) || monthByName.has(word) || isKnownWord(word)) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  let tie = false;
  for (const candidate of dateWords) {
    const distance = editDistance(word, candidate);
    if (distance > allowedEdits(candidate) || distance > bestDistance) continue;
    if (distance === bestDistance && best !== undefined && best !== candidate) tie = true;
    else if (distance < bestDistance) [best, bestDistance, tie] = [candidate, distance, false];
  }
  if (best === undefined) return undefined;
  return tie ? {} : { suggestion: best };
}

export type Misspelling = { start: number; end: number; suggestion?: string };

/** Every word of a folded text that looks like a misspelt date word, with the word it suggests. */
export function findMisspelledDateWords(folded: string): Misspelling[] {
  return [...folded.matchAll(/(?<![\p{L}\p{N}'’-])\p{L}+(?![\p{L}\p{N}'’-])/gu)].flatMap((match) => {
    const closest = closestDateWord(match[0]);
    return closest ? [{ start: match.index, end: match.index + match[0].length, ...closest }] : [];
  });
}

/** An unknown word right after "on", "el", "na", "em" ("on Smarch"), where only a date can stand. */
export function findUnknownWordsAfterDatePrepositions(folded: string): Array<{ start: number; end: number }> {
  return [...folded.matchAll(/(?<![\p{L}])(?:on|el|na|em) (\p{L}{3,})(?![\p{L}\p{N}'’-])/gu)].flatMap((match) => {
    const word = match[1] ?? "";
    if (isKnownWord(word) || dateWordSet.has(word) || monthByName.has(word)) return [];
    const start = match.index + match[0].length - word.length;
    return [{ start, end: start + word.length }];
  });
}
