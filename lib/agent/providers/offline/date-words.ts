// Weekday names and small number words in English, Spanish and Portuguese (folded: no accents, lower case).
import { alternationOf } from "./fold-text";

/** Monday = 0 ... Sunday = 6. */
export const weekdayByName: ReadonlyMap<string, number> = new Map([
  ...["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((name, index): [string, number] => [name, index]),
  ...["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"].map((name, index): [string, number] => [name, index]),
  ...["segunda", "terca", "quarta", "quinta", "sexta"].map((name, index): [string, number] => [name, index]),
]);

export const englishWeekdays = alternationOf(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
export const spanishWeekdays = alternationOf(["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"]);
/** "segunda" is also "second" in Portuguese, so Monday to Friday need "-feira" or a preposition around them. */
export const portugueseWorkdays = alternationOf(["segunda", "terca", "quarta", "quinta", "sexta"]);
export const portugueseWeekdays = `(?:${portugueseWorkdays})(?:-feira| feira)?|sabado|domingo`;

/** The weekday a folded name means; "segunda-feira" and "segunda" alike. */
export function weekdayFromName(name: string): number | undefined {
  return weekdayByName.get(name.replace(/[- ]feira$/, ""));
}

const numberWords: ReadonlyMap<string, number> = new Map([
  ...["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"].map((word, index): [string, number] => [word, index + 1]),
  ...["uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"].map((word, index): [string, number] => [word, index + 1]),
  ...["um", "dois", "tres", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"].map((word, index): [string, number] => [word, index + 1]),
  ["a", 1],
  ["an", 1],
  ["un", 1],
  ["una", 1],
  ["uma", 1],
  ["duas", 2],
]);

/** Digits or a small number word ("3", "three", "tres", "duas"). */
export const countPattern = `\\d{1,3}|${alternationOf(numberWords.keys())}`;

export function countFrom(text: string): number {
  return numberWords.get(text) ?? Number(text);
}
