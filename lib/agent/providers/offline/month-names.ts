// Month names the offline coach understands, folded (no accents), in English, Spanish and Portuguese.
import { alternationOf } from "./fold-text";

const fullNames: Array<[string, number]> = [
  ...["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"].map(
    (name, index): [string, number] => [name, index + 1],
  ),
  ...["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"].map(
    (name, index): [string, number] => [name, index + 1],
  ),
  ...["janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"].map(
    (name, index): [string, number] => [name, index + 1],
  ),
  ["setiembre", 9],
];

// English abbreviations are common before a day ("Jan 2, 2020"); Spanish and Portuguese ones only after a day.
const englishAbbreviations: Array<[string, number]> = [
  ["jan", 1],
  ["feb", 2],
  ["mar", 3],
  ["apr", 4],
  ["jun", 6],
  ["jul", 7],
  ["aug", 8],
  ["sep", 9],
  ["sept", 9],
  ["oct", 10],
  ["nov", 11],
  ["dec", 12],
];
const otherAbbreviations: Array<[string, number]> = [
  ["ene", 1],
  ["fev", 2],
  ["abr", 4],
  ["mai", 5],
  ["ago", 8],
  ["set", 9],
  ["out", 10],
  ["dic", 12],
  ["dez", 12],
];

/** Every full month name in the three languages ("november", "noviembre", "novembro"). */
export const fullMonthNames: readonly string[] = fullNames.map(([name]) => name);

export const monthByName: ReadonlyMap<string, number> = new Map([...fullNames, ...englishAbbreviations, ...otherAbbreviations]);

/** Full month names, usable anywhere. */
export const fullMonthPattern = alternationOf(fullNames.map(([name]) => name));
/** Names allowed before a day number ("March 4th", "Jan 2"). */
export const leadingMonthPattern = alternationOf([...fullNames, ...englishAbbreviations].map(([name]) => name));
/** Names allowed after a day number ("4 de marzo", "2 jan", "4 out 2020"). */
export const trailingMonthPattern = alternationOf([...fullNames, ...englishAbbreviations, ...otherAbbreviations].map(([name]) => name));

/** "may" alone is an English verb, so a month named on its own must not be it. */
export const standaloneMonthExclusions: ReadonlySet<string> = new Set(["may"]);
