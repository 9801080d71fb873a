// Saves values for a date (or replaces them after a confirmed conflict) and confirms what the tool stored.
import type { Locale } from "../../../i18n/locale";
import { measurementFields } from "../../../measurements/fields";
import { isIsoDate } from "./calendar-dates";
import type { TurnCall } from "./collect-turn-calls";
import { fieldFromName } from "./field-words";
import { describeDetails, followCallChain, type Step } from "./follow-call-chain";
import { formatDate, formatValues } from "./format-measurements";
import { offlineMessages } from "./offline-messages";

type Values = Record<string, unknown>;

function isRecord(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function numericValues(value: unknown): Values | undefined {
  if (!isRecord(value)) return undefined;
  const known = Object.entries(value).filter(([field, number]) => (measurementFields as readonly string[]).includes(field) && typeof number === "number");
  return known.length > 0 ? Object.fromEntries(known) : undefined;
}

/**
 * The stored values a conflict names. The contract fixes only that `details` carries machine-readable facts, so the
 * common shapes are accepted: { stored: {...} }, { field, stored }, { conflicts: [{ field, stored }] }.
 */
export function storedValuesFromDetails(details: Values | undefined): Values | undefined {
  if (!details) return undefined;
  for (const key of ["stored", "stored_values", "existing", "existing_values", "current", "current_values"]) {
    const values = numericValues(details[key]);
    if (values) return values;
  }
  const single = (entry: Values): [string, unknown] | undefined => {
    const field = entry.field;
    const value = ["stored", "stored_value", "existing", "existing_value", "current", "current_value"].map((key) => entry[key]).find((candidate) => typeof candidate === "number");
    return typeof field === "string" && value !== undefined ? [field, value] : undefined;
  };
  const entries = [single(details), ...(Array.isArray(details.conflicts) ? details.conflicts.filter(isRecord).map(single) : [])];
  return numericValues(Object.fromEntries(entries.filter((entry) => entry !== undefined)));
}

/** The requested fields, by canonical name, so a confirmation shows what this save was about. */
function requestedFields(values: unknown): string[] {
  return isRecord(values) ? Object.keys(values).flatMap((name) => fieldFromName(name) ?? []) : [];
}

function pick(values: Values, fields: string[]): Values {
  const picked = Object.fromEntries(Object.entries(values).filter(([field]) => fields.includes(field)));
  return Object.keys(picked).length > 0 ? picked : values;
}

export function decideSaveStep(options: { first: Values; replacing: boolean; fallbackDate: string; calls: TurnCall[]; today: string; locale: Locale }): Step {
  const { first, replacing, calls, today, locale } = options;
  const messages = offlineMessages[locale];
  const attempts = calls.filter((call) => call.name === "save_measurement");
  const state = followCallChain({ first: { name: "save_measurement", arguments: first }, attempts, today });
  if (state.status === "call") return { calls: [state.call] };

  const { outcome } = state;
  const sentDate = isIsoDate(state.arguments.date) ? state.arguments.date : options.fallbackDate;
  const fields = requestedFields(state.arguments.values);
  if (!outcome.isError) {
    const date = formatDate(isIsoDate(outcome.content.date) ? outcome.content.date : sentDate, locale);
    const stored = isRecord(outcome.content.values) ? outcome.content.values : {};
    const shown = formatValues(pick(stored, fields), locale);
    if (replacing) return { text: messages.replaced(date, shown) };
    return { text: outcome.content.created === true ? messages.saved(date, shown) : messages.savedOnExistingRecord(date, shown) };
  }
  const date = formatDate(sentDate, locale);
  if (outcome.code === "conflict") {
    const stored = storedValuesFromDetails(outcome.details);
    const requested = formatValues(isRecord(state.arguments.values) ? state.arguments.values : {}, locale);
    const storedText = stored ? formatValues(pick(stored, fields), locale) : undefined;
    return { text: messages.conflictQuestion({ date, stored: storedText, requested }) };
  }
  if (outcome.code === "write_failed") return { text: messages.writeFailed(date) };
  if (outcome.code === "outcome_unknown") return { text: messages.outcomeUnknown(date) };
  if (outcome.code === "bad_arguments") return { text: messages.rejected(describeDetails(outcome.details)) };
  return { text: messages.stopped };
}
