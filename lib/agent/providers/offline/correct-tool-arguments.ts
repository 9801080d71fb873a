// Repairs arguments the tool rejected as bad_arguments, using the coach's own date and value parsers.
import { fieldRanges } from "../../../measurements/fields";
import { isIsoDate } from "./calendar-dates";
import { fieldFromName } from "./field-words";
import { parseSingleDate } from "./find-date-mentions";
import { parseNumber } from "./parse-measurement-values";

type Arguments = Record<string, unknown>;

function correctDate(value: unknown, today: string): unknown {
  if (typeof value !== "string" || isIsoDate(value)) return value;
  return parseSingleDate({ text: value, today }) ?? value;
}

function correctValues(values: unknown): unknown {
  if (typeof values !== "object" || values === null || Array.isArray(values)) return values;
  // Keeps the user's order, so a call whose values are already right compares equal and is not sent again.
  const corrected: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fieldFromName(name);
    const number = typeof value === "string" ? parseNumber(value) : value;
    // An unknown field or a value that holds no number cannot be guessed: keep the call as sent, so it is not
    // repeated and the user hears what was wrong.
    if (field === undefined || number === undefined) return values;
    corrected.push([field, number]);
  }
  return Object.fromEntries(corrected);
}

function correctFields(fields: unknown): unknown {
  if (!Array.isArray(fields)) return fields;
  const corrected = fields.map((name) => (typeof name === "string" ? (fieldFromName(name) ?? name) : name));
  return corrected.every((field) => typeof field === "string" && field in fieldRanges) ? [...new Set(corrected)] : fields;
}

/**
 * The corrected arguments of a rejected call, or undefined when nothing the coach can fix differs from what it sent
 * (a date in the future, a value out of range): then it tells the user instead of repeating the same call.
 */
export function correctToolArguments({ name, arguments: sent, today }: { name: string; arguments: Arguments; today: string }): Arguments | undefined {
  const corrected: Arguments = { ...sent };
  if (name === "read_measurement" || name === "save_measurement") corrected.date = correctDate(sent.date, today);
  if (name === "list_measurements") {
    corrected.from = correctDate(sent.from, today);
    corrected.to = correctDate(sent.to, today);
    if ("fields" in sent) corrected.fields = correctFields(sent.fields);
  }
  if (name === "save_measurement") corrected.values = correctValues(sent.values);
  return JSON.stringify(corrected) === JSON.stringify(sent) ? undefined : corrected;
}
