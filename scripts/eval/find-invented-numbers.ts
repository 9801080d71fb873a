// (The eval scores invented values from the stored untraceable_numbers now; this finder remains for check-recovery.ts.)
// Values invented: a number in the model's reply that neither the person's messages nor a tool result holds. A held
// number rounded to the precision the reply writes it with (decimal point or decimal comma) is not invented, nor is a
// unit conversion (kg and lb, cm and in) of a held measurement. Only measurements convert: a date's 30 is not 76.2 cm.
import { extractNumbers } from "./extract-numbers";

const POUNDS_PER_KILOGRAM = 1 / 0.45359237;
const CENTIMETRES_PER_INCH = 2.54;
const conversionFactors = [1, POUNDS_PER_KILOGRAM, 1 / POUNDS_PER_KILOGRAM, CENTIMETRES_PER_INCH, 1 / CENTIMETRES_PER_INCH];

/** `exact`: numbers a reply may repeat; `measurements`: numbers it may also state in another unit. */
export type SourceNumbers = { exact: number[]; measurements: number[] };

// A measurement field of a tool result: weight_kg, waist_cm, body_fat_pct, and display fields such as weight_lb.
const measurementKey = /_(kg|cm|pct|lb|in)$/;
const isoDate = /\b\d{4}-\d{2}-\d{2}\b/g;

function addText(text: string, into: number[]): void {
  for (const stated of extractNumbers(text)) for (const reading of stated.readings) into.push(reading.value);
}

/** Numbers of a tool result: under a measurement key they are measurements; everything else is exact. */
function addJson(value: unknown, key: string, into: SourceNumbers): void {
  if (typeof value === "number") (measurementKey.test(key) ? into.measurements : into.exact).push(Math.abs(value));
  else if (typeof value === "string") addText(value, into.exact);
  else if (Array.isArray(value)) {
    // A list states how many items it holds: "1 record" is read from it, not invented.
    into.exact.push(value.length);
    for (const item of value) addJson(item, key, into);
  } else if (value !== null && typeof value === "object") for (const [name, item] of Object.entries(value)) addJson(item, name, into);
}

/** The numbers a run's sources hold: the person's messages, tool results (JSON, or text if not JSON), other texts. */
export function collectSourceNumbers(options: { userMessages: string[]; toolOutcomes: string[]; extraTexts?: string[] }): SourceNumbers {
  const sources: SourceNumbers = { exact: [], measurements: [] };
  for (const text of options.userMessages) {
    // The person's numbers are measurements, apart from the parts of the dates they write.
    for (const date of text.match(isoDate) ?? []) addText(date, sources.exact);
    addText(text.replace(isoDate, " "), sources.measurements);
  }
  for (const text of options.extraTexts ?? []) addText(text, sources.exact);
  for (const outcome of options.toolOutcomes) {
    let parsed: unknown = outcome;
    try {
      parsed = JSON.parse(outcome);
    } catch {
      // A result that is not JSON is still text the model was given.
    }
    addJson(parsed, "", sources);
  }
  return sources;
}

/** Whether `value`, written with `decimals` decimals, is a source number (a measurement possibly converted), rounded. */
export function isSupported(options: { value: number; decimals: number; sources: SourceNumbers }): boolean {
  const { value, sources } = options;
  const tolerance = 0.5 * 10 ** -options.decimals + 1e-9;
  const near = (candidate: number) => Math.abs(candidate - value) <= tolerance;
  return sources.exact.some(near) || sources.measurements.some((source) => conversionFactors.some((factor) => near(source * factor)));
}

/** The numbers of `texts` that no reading of supports, as written. */
export function findInventedNumbers(options: { texts: string[]; sources: SourceNumbers }): string[] {
  const invented: string[] = [];
  for (const text of options.texts) {
    for (const stated of extractNumbers(text)) {
      if (!stated.readings.some((reading) => isSupported({ ...reading, sources: options.sources }))) invented.push(stated.text);
    }
  }
  return invented;
}
