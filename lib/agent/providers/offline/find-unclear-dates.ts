// Date words the coach does not turn into a day, so it asks instead of guessing: events ("on my birthday", "en
// Navidad"), vague times ("the other day", "hace unos días", "last weekend"), a day with no month ("the 5th", "el
// día 5"), a month it does not know ("the 5th of Smarch"), a bare year, and futures without a day ("next week").
import { candidatesOf, unclearOf, type Candidate } from "./date-candidate";
import { countPattern } from "./date-words";
import { fieldFromName } from "./field-words";
import { closestDateWord } from "./find-misspelled-dates";
import { monthByName } from "./month-names";

const eventWords = [
  "birthday",
  "bday",
  "b-day",
  "anniversary",
  "wedding",
  "christmas eve",
  "christmas day",
  "christmas",
  "xmas",
  "new year's eve",
  "new year's day",
  "new years eve",
  "new year's",
  "new years",
  "new year",
  "easter",
  "thanksgiving",
  "halloween",
  "cumpleanos",
  "cumple",
  "aniversario",
  "boda",
  "nochebuena",
  "nochevieja",
  "navidad",
  "ano nuevo",
  "semana santa",
  "pascua",
  "vespera de natal",
  "natal",
  "ano novo",
  "reveillon",
  "pascoa",
  "casamento",
  "carnaval",
];
const vagueTimes = [
  "the other day",
  "recently",
  "lately",
  "a few days ago",
  "a couple of days ago",
  "some days ago",
  "a while ago",
  "last time",
  "earlier this week",
  "(?:last |this )?weekend",
  "el otro dia",
  "recientemente",
  "ultimamente",
  "hace unos dias",
  "hace algunos dias",
  "hace poco",
  "la ultima vez",
  "(?:el )?fin de semana(?: pasado)?",
  "(?:el )?finde(?: pasado)?",
  "(?:no |o )?outro dia",
  "recentemente",
  "ha uns dias",
  "ha alguns dias",
  "ha pouco",
  "(?:alguns|uns) dias atras",
  "a ultima vez",
  "(?:no |o )?fim de semana(?: passado)?",
];
const eventPattern = new RegExp(`\\b(?:${eventWords.map((word) => word.replace(/'/g, "'?")).join("|")})\\b`, "g");
const vaguePattern = new RegExp(`\\b(?:${vagueTimes.join("|")})\\b`, "g");
const longAgoPatterns = [
  new RegExp(`\\b(?:${countPattern}) (?:months?|years?) ago\\b`, "g"),
  new RegExp(`\\bhace (?:${countPattern}) (?:mes|meses|anos?)\\b`, "g"),
  new RegExp(`\\b(?:ha|faz) (?:${countPattern}) (?:mes|meses|anos?)\\b`, "g"),
  new RegExp(`\\b(?:${countPattern}) (?:meses|anos) atras\\b`, "g"),
];
const futureWithoutDay =
  /\b(?:next (?:week|month|year)|(?:la )?semana que viene|(?:la |a |na )?proxima semana|(?:el )?mes que viene|(?:el |o |no )?proximo mes|(?:el )?ano que viene|(?:el |o |no )?proximo ano|(?:na )?semana que vem|(?:no )?mes que vem|(?:no )?ano que vem|later today|later|mas tarde|mais tarde|in the future|en el futuro|no futuro|will weigh|i'll weigh|going to weigh|pesare|voy a pesar|pesarei|vou pesar|irei pesar)\b/g;
/** A day number with an ordinal suffix that no known date took ("the 5th", "Smarch 5th"). */
const ordinalDay = /\b\d{1,2}(?:st|nd|rd|th)\b/g;
/** "5 of Smarch", "el 5 de Smarch": a day and a word that is no month. */
const dayOfWord = /\b\d{1,2}(?:st|nd|rd|th|º|ª)? (?:of|de|del) ([a-z]+)\b/g;
/** "on the 5", "el día 5", "o dia 5", "el 5" with no month after it (a fallback clause is read elsewhere). */
const bareDay = /\b(?:on the|el dia|no dia|o dia|el) \d{1,2}(?![\d.,]|\s*(?:kg|kilos?|quilos?|lbs?|pounds?|libras?|cm|in|%|de |of |del ))\b/g;
/** Words after "5 de" / "5 of" that make no date ("7 de la mañana", "2 of my", "77 de peso"). */
const notDateWords = new Set(["la", "el", "los", "las", "lo", "a", "o", "os", "as", "the", "my", "mi", "mis", "meu", "minha", "them", "these", "those"]);
/** A word after "5 de" that is no month; a misspelt month ("5 de enro") is left to the misspelling's question. */
const isDateWord = (word: string) =>
  !monthByName.has(word) && !notDateWords.has(word) && fieldFromName(word) === undefined && closestDateWord(word)?.suggestion === undefined;
const bareYear = /(?<![\d.,/-])(?:19|20)\d{2}(?![\d.,/-]\d)/g;

export function collectUnclearCandidates(folded: string): Candidate[] {
  return [
    ...candidatesOf(folded, eventPattern, () => unclearOf("unknown")),
    ...candidatesOf(folded, vaguePattern, () => unclearOf("unknown")),
    ...longAgoPatterns.flatMap((pattern) => candidatesOf(folded, pattern, () => unclearOf("unknown"))),
    ...candidatesOf(folded, futureWithoutDay, () => unclearOf("future")),
    ...candidatesOf(folded, ordinalDay, () => unclearOf("unknown")),
    ...candidatesOf(folded, dayOfWord, (match) => (isDateWord(match[1] ?? "") ? unclearOf("unknown") : () => undefined)),
    ...candidatesOf(folded, bareDay, () => unclearOf("unknown")),
    ...candidatesOf(folded, bareYear, () => unclearOf("unknown")),
  ];
}
