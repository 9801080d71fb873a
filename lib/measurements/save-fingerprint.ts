// The fingerprint of a save's arguments, stored with its key. Written for the save's known shape in one pass: the
// generic canonical form sorts the keys of every object on every call, which was a measurable part of a save's CPU.
import { canonicalJson, fingerprintOf, fingerprintOfCanonical } from "./fingerprint";
import { measurementFields, type MeasurementField } from "./fields";
import type { SaveMeasurementToolInput } from "./save-measurement-tool-input";
import { valuesAsSent } from "./units";

export const SAVE_OPERATION = "save_measurement";

/**
 * The validated arguments in the form that is fingerprinted: the request as sent (values in the unit they came in,
 * and the units when given), absent and default values normalized. The fields to clear and the units count only when
 * there are some, so every save without them keeps its fingerprint.
 */
export function savePayloadOf(input: SaveMeasurementToolInput, clearFields: readonly MeasurementField[] = []) {
  const clear = measurementFields.filter((field) => clearFields.includes(field));
  return {
    date: input.date,
    values: valuesAsSent(input.values, input.converted),
    note: input.note ?? null,
    replace: input.replace === true,
    clear: clear.length > 0 ? clear : undefined,
    units: input.units,
  };
}

// The order canonicalJson writes an object's keys in (sorted; no field name is an array index).
const fieldsByName = [...measurementFields].sort();
const isField = new Set<string>(measurementFields);

function appendMember(name: string, value: unknown, text: string): string {
  const json = canonicalJson(value);
  if (json === undefined) return text;
  return `${text}${text === "" ? "" : ","}"${name}":${json}`;
}

/** canonicalJson(valuesAsSent(values, converted)), or undefined for values of another shape than a validated save's. */
function canonicalValuesAsSent(input: SaveMeasurementToolInput): string | undefined {
  const { values, converted } = input;
  // A plain object of known fields, as validation leaves it; anything else takes the generic path.
  if (values === null || typeof values !== "object" || Object.getPrototypeOf(values) !== Object.prototype) return undefined;
  for (const key of Object.keys(values)) if (!isField.has(key)) return undefined;
  let text = "";
  for (const field of fieldsByName) {
    const sent = converted?.[field];
    text = appendMember(field, sent ? sent.from : values[field], text);
  }
  return `{${text}}`;
}

/**
 * fingerprintOf(SAVE_OPERATION, savePayloadOf(input, clearFields)), the same string for every input
 * (tests/measurements/save-fingerprint.test.ts), with the payload's keys in their sorted order written directly:
 * clear, date, note, replace, units, values.
 */
export function saveFingerprintOf(input: SaveMeasurementToolInput, clearFields: readonly MeasurementField[] = []): string {
  const values = canonicalValuesAsSent(input);
  if (values === undefined) return fingerprintOf(SAVE_OPERATION, savePayloadOf(input, clearFields));
  let text = "";
  if (clearFields.length > 0) {
    const clear = measurementFields.filter((field) => clearFields.includes(field));
    if (clear.length > 0) text = appendMember("clear", clear, text);
  }
  text = appendMember("date", input.date, text);
  text = appendMember("note", input.note ?? null, text);
  text = appendMember("replace", input.replace === true, text);
  text = appendMember("units", input.units, text);
  text = `${text}${text === "" ? "" : ","}"values":${values}`;
  return fingerprintOfCanonical(SAVE_OPERATION, `{${text}}`);
}
