// Reads measurement values ("weight 77.4 kg", "cintura 82 cm", "18%") and an optional note out of a user's text.
import type { MeasurementField, MeasurementValues } from "../../../measurements/fields";
import { fieldFromName, findFieldWords } from "./field-words";
import { foldText } from "./fold-text";

export type ParsedValues = {
  values: MeasurementValues;
  /**
   * `name=value` pairs exactly as typed ({ "weight": "77.4kg" }). The coach sends these verbatim first, imitating a
   * common model mistake on purpose so the bad_arguments correction path is exercised (see decide-next-step.ts).
   */
  verbatimPairs?: Record<string, string>;
};

const numberPattern = /(?<![\p{L}\p{N}_.,])(\d+(?:[.,]\d+)?)(?:\s*(kgs?|kilos?|kilograms?|kilogramos?|quilos?|quilogramas?|cm|centimeters?|centimetres?|centimetros?|%|percent|por ciento|por cento)(?![\p{L}]))?/gu;
const pairPattern = /([\p{L}_][\p{L}\p{N}_]*)\s*=\s*([^\s,;]+)/gu;
const notePattern = /(?<![\p{L}])(?:note|nota)\s*[:：]\s*/u;

/** "77,4", "77.4kg", " 82 cm" -> a number; undefined when the text does not start with one. */
export function parseNumber(text: string): number | undefined {
  const match = /^\s*(\d+(?:[.,]\d+)?)/.exec(text);
  return match?.[1] ? Number(match[1].replace(",", ".")) : undefined;
}

function fieldForUnit(unit: string | undefined): MeasurementField | undefined {
  if (unit === undefined) return undefined;
  if (unit === "%" || unit.startsWith("percent") || unit.startsWith("por ")) return "body_fat_pct";
  if (unit.startsWith("k") || unit.startsWith("q")) return "weight_kg";
  return undefined;
}

/** Splits "..., note: after holidays" into the text before the note and the note itself. */
export function extractNote(text: string): { text: string; note?: string } {
  const match = notePattern.exec(foldText(text));
  if (!match) return { text };
  const note = text.slice(match.index + match[0].length).trim().replace(/^["“'](.*)["”']$/su, "$1");
  return note ? { text: text.slice(0, match.index), note } : { text: text.slice(0, match.index) };
}

/** Pairs each number with the field word before it, or with its unit (kg is a weight, % is body fat). */
export function parseMeasurementValues(text: string): ParsedValues {
  const values: MeasurementValues = {};
  const verbatimPairs: Record<string, string> = {};
  const withoutPairs = text.replace(pairPattern, (whole, name: string, value: string) => {
    const field = fieldFromName(name);
    const number = parseNumber(value);
    if (field === undefined && number === undefined) return whole;
    verbatimPairs[name] = value;
    if (field !== undefined && number !== undefined) values[field] = number;
    return " ; ".padEnd(whole.length, " ");
  });
  const folded = foldText(withoutPairs);
  const fieldWords = findFieldWords(folded);
  let previousEnd = 0;
  for (const match of folded.matchAll(numberPattern)) {
    const pending = fieldWords.filter((word) => word.end <= match.index && word.start >= previousEnd);
    const field = pending.at(-1)?.field ?? fieldForUnit(match[2]);
    previousEnd = match.index + match[0].length;
    if (field === undefined || values[field] !== undefined) continue;
    values[field] = Number((match[1] ?? "").replace(",", "."));
  }
  return Object.keys(verbatimPairs).length > 0 ? { values, verbatimPairs } : { values };
}

/** The field words named in a text without values ("show my weight"), for list filters. */
export function findNamedFields(text: string): MeasurementField[] {
  return [...new Set(findFieldWords(foldText(text)).map((word) => word.field))];
}
