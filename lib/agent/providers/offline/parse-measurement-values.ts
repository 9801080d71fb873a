// Reads measurement values ("weight 77.4 kg", "cintura 82 cm", "170 lbs", "5'10\"", "-80 kg", "18%") and an optional
// note out of a user's text, with everything it could not read for sure (an unknown unit, a number for no field).
import type { MeasurementField } from "../../../measurements/fields";
import { fieldFromName, findFieldWords, type FieldWord } from "./field-words";
import { foldText } from "./fold-text";
import { readUnitWord, type WrittenUnit } from "./read-unit-word";

/** One value as written: the number keeps its sign; feet and inches are counted in inches (unit "ft"). */
export type ParsedValue = { field: MeasurementField; value: number; unit?: WrittenUnit; text: string };

export type ValueProblem =
  | { kind: "unknown_unit"; text: string }
  | { kind: "unit_mismatch"; field: MeasurementField; text: string }
  /** A number no field word or unit ties to a measurement; `withUnit` when it had a unit ("82 cm"). */
  | { kind: "no_field"; text: string; withUnit: boolean }
  | { kind: "two_values"; field: MeasurementField; texts: string[] }
  /** "between 77 and 78", "77-78 kg", "77 or 78": not one value. */
  | { kind: "approximate"; text: string };

export type ParsedValues = {
  entries: ParsedValue[];
  problems: ValueProblem[];
  /**
   * `name=value` pairs exactly as typed ({ "weight": "77.4kg" }). The coach sends these verbatim first, imitating a
   * common model mistake on purpose so the bad_arguments correction path is exercised (see decide-next-step.ts).
   */
  verbatimPairs?: Record<string, string>;
};

const numberPattern = /(?<![\p{L}\p{N}_.,])([-−–](?=\d))?(\d+(?:[.,]\d+)?)/gu;
const pairPattern = /([\p{L}_][\p{L}\p{N}_]*)\s*=\s*([^\s,;]+)/gu;
const notePattern = /(?<![\p{L}])(?:note|nota)\s*[:：]\s*/u;
const approximatePatterns = [
  /(?<![\p{L}])(?:between|entre)\s+[-−–]?\d+(?:[.,]\d+)?\s*[\p{L}%"']*\s+(?:and|y|e|a)\s+[-−–]?\d+(?:[.,]\d+)?(?:\s*(?:kg|lbs?|cm|in|%))?/u,
  /(?<![\d.,])\d+(?:[.,]\d+)?\s*(?:kg|lbs?|cm|in|%)?\s*(?:[-–]|\bto\b|\bor\b|\bo\b|\bou\b)\s*\d+(?:[.,]\d+)?(?:\s*(?:kg|lbs?|cm|in|%))?/u,
];

/**
 * Words that may follow a value with no unit ("weight 77 and waist 82", "peso 77 por favor"). Any other word right
 * after a measurement's number may be a unit the coach does not know ("peso 77 arrobas"), so it is asked about.
 */
const wordsAfterBareValue = new Set(
  (
    "and or but so because since is was with then also too now again exactly please thanks thank you ok okay on at for in from to the my i after before this that today yesterday " +
    "y o e ou pero mas porque que es era con com gracias obrigado obrigada luego despues depois tambien tambem ahora agora exactamente exatamente por favor el la los las en para de del " +
    "em no na nos nas do da a ao os as mi mis meu minha yo eu hoy ayer hoje ontem antes note nota"
  ).split(" "),
);
const nextWord = /^\s+([\p{L}']+)/u;

const toNumber = (sign: string | undefined, digits: string) => (sign ? -1 : 1) * Number(digits.replace(",", "."));

/** "77,4", "-80kg", " 82 cm" -> a number with its sign; undefined when the text does not start with one. */
export function parseNumber(text: string): number | undefined {
  const match = /^\s*([-−–])?(\d+(?:[.,]\d+)?)/.exec(text);
  return match?.[2] ? toNumber(match[1], match[2]) : undefined;
}

const fieldOfUnit: Partial<Record<WrittenUnit, MeasurementField>> = { kg: "weight_kg", lb: "weight_kg", "%": "body_fat_pct", ft: "height_cm" };
const dimensionOf = (field: MeasurementField) => (field === "weight_kg" ? "mass" : field === "body_fat_pct" ? "percent" : "length");
const unitDimension: Record<WrittenUnit, "mass" | "percent" | "length"> = { kg: "mass", lb: "mass", "%": "percent", cm: "length", in: "length", ft: "length" };

/** Splits "..., note: after holidays" into the text before the note and the note itself. */
export function extractNote(text: string): { text: string; note?: string } {
  const match = notePattern.exec(foldText(text));
  if (!match) return { text };
  const note = text
    .slice(match.index + match[0].length)
    .trim()
    .replace(/^["“'](.*)["”']$/su, "$1");
  return note ? { text: text.slice(0, match.index), note } : { text: text.slice(0, match.index) };
}

type Token = { value: number; unit?: WrittenUnit; start: number; end: number; unknownUnit?: string };

/** The numbers of a folded text with the unit after each; feet and inches become one token in inches. */
function readTokens(folded: string): Token[] {
  const tokens: Token[] = [];
  numberPattern.lastIndex = 0;
  for (let match = numberPattern.exec(folded); match; match = numberPattern.exec(folded)) {
    const value = toNumber(match[1], match[2] ?? "0");
    const end = match.index + match[0].length;
    const unit = readUnitWord(folded, end);
    if (unit.kind === "unit") {
      const inches = unit.unit === "ft" ? value * 12 + Math.sign(value || 1) * (unit.inches ?? 0) : value;
      tokens.push({ value: inches, unit: unit.unit, start: match.index, end: unit.end });
      numberPattern.lastIndex = unit.end;
    } else if (unit.kind === "unknown") {
      tokens.push({ value, start: match.index, end: unit.end, unknownUnit: unit.text });
      numberPattern.lastIndex = unit.end;
    } else tokens.push({ value, start: match.index, end });
  }
  return tokens;
}

/** The field of each token: the field word before it, else its unit's field, else the field word right after it. */
function assignFields(tokens: Token[], words: FieldWord[]): Array<MeasurementField | undefined> {
  const used = new Set<FieldWord>();
  return tokens.map((token, index) => {
    const previousEnd = tokens[index - 1]?.end ?? 0;
    const nextStart = tokens[index + 1]?.start ?? Number.POSITIVE_INFINITY;
    const before = words.filter((word) => word.start >= previousEnd && word.end <= token.start && !used.has(word)).at(-1);
    const after = words.find((word) => word.start >= token.end && word.end <= nextStart && !used.has(word));
    const chosen = before ?? (token.unit && fieldOfUnit[token.unit] ? undefined : after);
    if (chosen) used.add(chosen);
    return chosen?.field ?? (token.unit ? fieldOfUnit[token.unit] : undefined);
  });
}

function readPair(name: string, value: string): { entry?: ParsedValue; problem?: ValueProblem } {
  const field = fieldFromName(name);
  const number = /^\s*([-−–])?(\d+(?:[.,]\d+)?)/.exec(value);
  if (field === undefined || !number?.[2]) return {};
  const unit = readUnitWord(foldText(value), number[0].length);
  const text = `${name}=${value}`;
  if (unit.kind === "unknown") return { problem: { kind: "unknown_unit", text } };
  const amount = toNumber(number[1], number[2]);
  if (unit.kind === "none") return { entry: { field, value: amount, text } };
  return { entry: { field, value: unit.unit === "ft" ? amount * 12 + (unit.inches ?? 0) : amount, unit: unit.unit, text } };
}

/** Pairs each number with its field and unit, and lists what could not be read for sure. */
export function parseMeasurementValues(text: string): ParsedValues {
  const entries: ParsedValue[] = [];
  const problems: ValueProblem[] = [];
  const verbatimPairs: Record<string, string> = {};
  const withoutPairs = text.replace(pairPattern, (whole, name: string, value: string) => {
    const read = readPair(name, value);
    if (fieldFromName(name) === undefined && parseNumber(value) === undefined) return whole;
    verbatimPairs[name] = value;
    if (read.entry) entries.push(read.entry);
    if (read.problem) problems.push(read.problem);
    return " ; ".padEnd(whole.length, " ");
  });
  const folded = foldText(withoutPairs);
  const approximate = approximatePatterns.map((pattern) => pattern.exec(folded)).find((match) => match !== null);
  if (approximate) problems.push({ kind: "approximate", text: withoutPairs.slice(approximate.index, approximate.index + approximate[0].length).trim() });
  const tokens = readTokens(folded);
  const fields = assignFields(tokens, findFieldWords(folded));
  tokens.forEach((token, index) => {
    const field = fields[index];
    const written = withoutPairs.slice(token.start, token.end).trim();
    if (token.unknownUnit !== undefined) return problems.push({ kind: "unknown_unit", text: written });
    if (field === undefined) return problems.push({ kind: "no_field", text: written, withUnit: token.unit !== undefined });
    if (token.unit && unitDimension[token.unit] !== dimensionOf(field)) return problems.push({ kind: "unit_mismatch", field, text: written });
    const following = token.unit ? undefined : nextWord.exec(folded.slice(token.end))?.[1];
    if (following && !wordsAfterBareValue.has(following) && fieldFromName(following) === undefined) {
      return problems.push({
        kind: "unknown_unit",
        text: withoutPairs.slice(token.start, token.end + (nextWord.exec(folded.slice(token.end))?.[0].length ?? 0)).trim(),
      });
    }
    entries.push({ field, value: token.value, ...(token.unit ? { unit: token.unit } : {}), text: written });
  });
  for (const field of new Set(entries.map((entry) => entry.field))) {
    const same = entries.filter((entry) => entry.field === field);
    if (same.some((entry) => entry.value !== same[0]?.value || entry.unit !== same[0]?.unit))
      problems.push({ kind: "two_values", field, texts: same.map((entry) => entry.text) });
  }
  const unique = entries.filter((entry, index) => entries.findIndex((other) => other.field === entry.field) === index);
  return Object.keys(verbatimPairs).length > 0 ? { entries: unique, problems, verbatimPairs } : { entries: unique, problems };
}

/** The field words named in a text without values ("show my weight"), for list filters. */
export function findNamedFields(text: string): MeasurementField[] {
  return [...new Set(findFieldWords(foldText(text)).map((word) => word.field))];
}
