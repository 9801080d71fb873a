// Saves values for a date (or replaces them after a confirmed conflict) and confirms what the tool stored, in the
// units the person used ("170 lb (77.1 kg)"); a refusal is told in plain words.
import type { Locale } from "../../../i18n/locale";
import { fromMetric, type Units } from "../../../measurements/display-units";
import { measurementFields, type MeasurementField } from "../../../measurements/fields";
import type { UnitSystem } from "../../../measurements/unit-system";
import { unitOfField, type SaveUnits } from "../../../measurements/units";
import { isIsoDate } from "./calendar-dates";
import type { TurnCall } from "./collect-turn-calls";
import { describeRejection } from "./describe-rejection";
import { fieldFromName } from "./field-words";
import { followCallChain, type Step } from "./follow-call-chain";
import { formatDate, formatInUnits, formatNumber, formatQuantity, formatSavedValues, formatValuesIn, readingUnits } from "./format-measurements";
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
    const value = ["stored", "stored_value", "existing", "existing_value", "current", "current_value"]
      .map((key) => entry[key])
      .find((candidate) => typeof candidate === "number");
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

/** What the save asked for, in the units it was sent in: "weight 170 lb". */
function describeRequest(sent: Values, locale: Locale): string {
  const values = isRecord(sent.values) ? sent.values : {};
  const units = isRecord(sent.units) ? sent.units : {};
  const converted = Object.fromEntries(
    Object.entries(values).flatMap(([field, value]) => {
      const unit = field === "weight_kg" ? units.mass : field.endsWith("_cm") ? units.length : undefined;
      return (unit === "lb" || unit === "in") && typeof value === "number" ? [[field, { from: value, unit }]] : [];
    }),
  );
  // Without a tool result there is no metric value to pair with: show only what the person gave.
  return formatSavedValues({ values, converted, locale, withMetric: false });
}

/** A save's units as sent ({ mass: "lb" }), if any. */
function sentUnits(sent: Values): SaveUnits | undefined {
  return isRecord(sent.units) ? (sent.units as SaveUnits) : undefined;
}

/** What a save that found a record did to it: replaced values, added fields, or nothing (everything was stored). */
function describeChange(options: {
  stored: Values;
  previous: Values;
  fields: string[];
  converted?: Values;
  date: string;
  today: boolean;
  locale: Locale;
  units: Units;
}): string {
  const { stored, previous, fields, converted, date, today, locale, units } = options;
  const messages = offlineMessages[locale];
  const asked = fields.filter((field): field is MeasurementField => typeof stored[field] === "number");
  const replaced = asked.filter((field) => typeof previous[field] === "number" && previous[field] !== stored[field]);
  const added = asked.filter((field) => typeof previous[field] !== "number");
  const shown = (values: Values) => formatSavedValues({ values, converted, locale });
  const addedText = () => {
    const others = Object.fromEntries(Object.entries(stored).filter(([field]) => !added.includes(field as MeasurementField)));
    const unchanged = formatValuesIn(others, locale, units);
    return messages.addedToRecord({ date, today, added: shown(pick(stored, added)), ...(unchanged ? { unchanged } : {}) });
  };
  if (replaced.length > 0) {
    const changes = replaced.map((field) =>
      messages.replacedValue({
        label: messages.fieldLabels[field],
        from: formatInUnits({ field, value: previous[field] as number, locale, units }),
        to: shown({ [field]: stored[field] }).slice(messages.fieldLabels[field].length + 1),
      }),
    );
    return [messages.replaced(date, changes.join(", ")), ...(added.length > 0 ? [addedText()] : [])].join(" ");
  }
  if (added.length > 0) return addedText();
  return messages.alreadySaved({ date, today, values: shown(pick(stored, asked)) });
}

/** The answers a replace question offers: "Replace 80.2 → 79.5 kg" and "Keep 80.2 kg", in the units of the question. */
function conflictReplies(options: { stored: Values; sent: Values; fields: string[]; locale: Locale; units: Units }): string[] {
  const { stored, sent, locale, units } = options;
  const messages = offlineMessages[locale];
  const requested = isRecord(sent.values) ? sent.values : {};
  const fields = measurementFields.filter((field) => typeof stored[field] === "number" && typeof requested[field] === "number");
  if (fields.length === 0) return [];
  const sentIn = readingUnits(sentUnits(sent), "metric");
  const changes = fields.map((field) => {
    const from = formatNumber(fromMetric({ field, value: stored[field] as number, units }), locale);
    const to = formatQuantity({ value: requested[field] as number, unit: unitOfField(field, sentIn), locale, field });
    return `${from} → ${to}`;
  });
  const kept = fields.map((field) => formatInUnits({ field, value: stored[field] as number, locale, units }));
  return [messages.replaceButton(changes.join(", ")), messages.keepButton(kept.join(", "))];
}

export function decideSaveStep(options: {
  first: Values;
  replacing: boolean;
  /** False when the message named no date: the answer then says the save is for today. */
  dateSaid?: boolean;
  fallbackDate: string;
  calls: TurnCall[];
  today: string;
  locale: Locale;
  unitSystem: UnitSystem;
}): Step {
  const { first, calls, today, locale } = options;
  const messages = offlineMessages[locale];
  const attempts = calls.filter((call) => call.name === "save_measurement");
  const state = followCallChain({ first: { name: "save_measurement", arguments: first }, attempts, today });
  if (state.status === "call") return { calls: [state.call] };

  const { outcome } = state;
  const sentDate = isIsoDate(state.arguments.date) ? state.arguments.date : options.fallbackDate;
  const fields = requestedFields(state.arguments.values);
  const units = readingUnits(sentUnits(state.arguments), options.unitSystem);
  if (!outcome.isError) {
    const savedDate = isIsoDate(outcome.content.date) ? outcome.content.date : sentDate;
    const date = formatDate(savedDate, locale);
    const stored = isRecord(outcome.content.values) ? outcome.content.values : {};
    const converted = isRecord(outcome.content.converted) ? outcome.content.converted : undefined;
    const isToday = options.dateSaid === false && savedDate === today;
    const previous = isRecord(outcome.content.previous) ? outcome.content.previous : undefined;
    if (outcome.content.created !== true && previous) {
      return { text: describeChange({ stored, previous, fields, converted, date, today: isToday, locale, units }) };
    }
    return { text: messages.saved(date, formatSavedValues({ values: pick(stored, fields), converted, locale }), isToday) };
  }
  const date = formatDate(sentDate, locale);
  if (outcome.code === "conflict") {
    const stored = storedValuesFromDetails(outcome.details);
    const storedText = stored ? formatValuesIn(pick(stored, fields), locale, units) : undefined;
    const isToday = options.dateSaid === false && sentDate === today;
    const text = messages.conflictQuestion({ date, today: isToday, stored: storedText, requested: describeRequest(state.arguments, locale) });
    return { text, quickReplies: stored ? conflictReplies({ stored, sent: state.arguments, fields, locale, units }) : [] };
  }
  if (outcome.code === "write_failed") return { text: messages.writeFailed(date) };
  if (outcome.code === "outcome_unknown") return { text: messages.outcomeUnknown(date) };
  if (outcome.code === "bad_arguments") return { text: describeRejection({ details: outcome.details, locale, action: "save", sent: state.arguments }) };
  return { text: messages.stopped };
}
