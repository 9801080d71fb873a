// Words that name a measurement field in English, Spanish and Portuguese (folded: no accents, lower case).
import { measurementFields, type MeasurementField } from "../../../measurements/fields";
import { alternationOf, foldText } from "./fold-text";

const wordsByField: Record<MeasurementField, string[]> = {
  weight_kg: ["weight", "weigh", "weighed", "weighing", "body weight", "peso", "pese", "pesei", "pesaba", "pesava", "pesando", "pesare", "pesarei"],
  body_fat_pct: ["body fat", "body-fat", "bodyfat", "fat", "grasa corporal", "grasa", "gordura corporal", "gordura"],
  neck_cm: ["neck", "cuello", "pescoco"],
  chest_cm: ["chest", "pecho", "peito", "torax"],
  waist_cm: ["waist", "cintura"],
  hips_cm: ["hips", "hip", "cadera", "caderas", "quadril", "quadris"],
  biceps_cm: ["biceps", "bicep"],
  quadriceps_cm: ["quadriceps", "quads", "quad", "thigh", "thighs", "cuadriceps", "muslo", "coxa"],
  calf_cm: ["calf", "calves", "pantorrilla", "pantorrillas", "gemelo", "gemelos", "panturrilha", "panturrilhas"],
  height_cm: ["height", "tall", "altura", "estatura", "mido", "meco"],
};

const fieldByWord = new Map<string, MeasurementField>();
for (const field of measurementFields) {
  fieldByWord.set(field, field);
  for (const word of wordsByField[field]) fieldByWord.set(word, field);
}

const fieldWordPattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${alternationOf(fieldByWord.keys())})(?![\\p{L}\\p{N}_])`, "gu");

export type FieldWord = { field: MeasurementField; start: number; end: number };

/** The field words in an already folded text, in reading order. */
export function findFieldWords(folded: string): FieldWord[] {
  return [...folded.matchAll(fieldWordPattern)].map((match) => ({
    field: fieldByWord.get(match[1] ?? "") as MeasurementField,
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The field a single name means ("Weight", "cintura", "waist_cm"), or undefined. */
export function fieldFromName(name: string): MeasurementField | undefined {
  return fieldByWord.get(foldText(name.trim()).replace(/\s+/g, " "));
}
