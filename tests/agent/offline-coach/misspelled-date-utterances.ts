// Rows of the utterance tables for misspelt date words (offline-coach.md §5): every date word of each language, written
// within two edits of itself, in a save. The coach saves nothing and asks, offering the date the word most likely
// means; a word whose reading is itself a question (December, still ahead) is asked about as a date it does not know.
// Today is Tuesday 1 December 2026.
import type { Locale } from "@/lib/i18n/locale";
import type { UtteranceCase } from "./utterance-case";

/** [the sentence's date words, misspelt; the date the right words mean, or undefined when that date is itself asked] */
type Misspelt = [phrase: string, meant: string | undefined];

const english: Misspelt[] = [
  ["yesterdy", "30 November 2026"],
  ["ysterdya", "30 November 2026"],
  ["tomorow", "2 December 2026"],
  ["on mondy", "30 November 2026"],
  ["on tuesdya", "1 December 2026"],
  ["on wensday", "25 November 2026"],
  ["on thurday", "26 November 2026"],
  ["on firday", "27 November 2026"],
  ["on saterday", "28 November 2026"],
  ["on sundy", "29 November 2026"],
  ["on 10 Janurary", "10 January 2026"],
  ["on 10 Febuary", "10 February 2026"],
  ["on 10 Marhc", "10 March 2026"],
  ["on 10 Aprl", "10 April 2026"],
  ["on 10 Jnue", "10 June 2026"],
  ["on 10 Jully", "10 July 2026"],
  ["on 10 Agust", "10 August 2026"],
  ["on 10 Septmber", "10 September 2026"],
  ["on 10 Ocotber", "10 October 2026"],
  ["on 10 Novmber", "10 November 2026"],
  ["on 10 Decmber", undefined],
];
const spanish: Misspelt[] = [
  ["ayet", "30 de noviembre de 2026"],
  ["antayer", "29 de noviembre de 2026"],
  ["mañna", "2 de diciembre de 2026"],
  ["el lunse", "30 de noviembre de 2026"],
  ["el marte", "1 de diciembre de 2026"],
  ["el miercols", "25 de noviembre de 2026"],
  ["el juevs", "26 de noviembre de 2026"],
  ["el vienres", "27 de noviembre de 2026"],
  ["el sabdo", "28 de noviembre de 2026"],
  ["el domigno", "29 de noviembre de 2026"],
  ["el 10 de enro", "10 de enero de 2026"],
  ["el 10 de febreo", "10 de febrero de 2026"],
  ["el 10 de mazro", "10 de marzo de 2026"],
  ["el 10 de abirl", "10 de abril de 2026"],
  ["el 10 de mayyo", "10 de mayo de 2026"],
  ["el 10 de juino", "10 de junio de 2026"],
  ["el 10 de jullio", "10 de julio de 2026"],
  ["el 10 de agsto", "10 de agosto de 2026"],
  ["el 10 de septiembe", "10 de septiembre de 2026"],
  ["el 10 de octbre", "10 de octubre de 2026"],
  ["el 10 de novienbre", "10 de noviembre de 2026"],
  ["el 10 de diciembr", undefined],
];
const portuguese: Misspelt[] = [
  ["ontenm", "30 de novembro de 2026"],
  ["anteotem", "29 de novembro de 2026"],
  ["amnhã", "2 de dezembro de 2026"],
  ["na segnda", "30 de novembro de 2026"],
  ["na trça", "1 de dezembro de 2026"],
  ["na quarat", "25 de novembro de 2026"],
  ["na qinta", "26 de novembro de 2026"],
  ["na sexat", "27 de novembro de 2026"],
  ["no sabdo", "28 de novembro de 2026"],
  ["no domngo", "29 de novembro de 2026"],
  ["em 10 de janero", "10 de janeiro de 2026"],
  ["em 10 de feverero", "10 de fevereiro de 2026"],
  ["em 10 de mraço", "10 de março de 2026"],
  ["em 10 de abrl", "10 de abril de 2026"],
  ["em 10 de maoi", "10 de maio de 2026"],
  ["em 10 de jnuho", "10 de junho de 2026"],
  ["em 10 de jullho", "10 de julho de 2026"],
  ["em 10 de agsto", "10 de agosto de 2026"],
  ["em 10 de setembo", "10 de setembro de 2026"],
  ["em 10 de otubro", "10 de outubro de 2026"],
  ["em 10 de novmbro", "10 de novembro de 2026"],
  ["em 10 de dezebro", undefined],
];

const sentences: Record<Locale, { start: string; table: Misspelt[]; quote: (word: string) => string; unknown: string }> = {
  en: { start: "I weighed 80 kg", table: english, quote: (word) => `"${word}"`, unknown: "I don't know which day" },
  es: { start: "pesé 80 kg", table: spanish, quote: (word) => `«${word}»`, unknown: "No sé qué día es" },
  pt: { start: "pesei 80 kg", table: portuguese, quote: (word) => `"${word}"`, unknown: "Não sei que dia é" },
};

/** The misspelt word of a phrase: its last word ("on mondy" → "mondy"). */
const misspeltWord = (phrase: string) => phrase.split(" ").at(-1) ?? phrase;

export function misspelledDateUtterances(locale: Locale): UtteranceCase[] {
  const { start, table, quote, unknown } = sentences[locale];
  return table.map(([phrase, meant]) => ({
    say: `${start} ${phrase}`,
    calls: [],
    reply: meant ? [quote(misspeltWord(phrase)), `${meant}?`] : [unknown, quote(misspeltWord(phrase))],
  }));
}
