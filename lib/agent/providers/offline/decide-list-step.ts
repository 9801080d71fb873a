// Lists a range, narrows it when the tool says it is too large, and summarizes the records it returned.
import type { Locale } from "../../../i18n/locale";
import { MAX_LIST_SPAN_DAYS, type MeasurementField } from "../../../measurements/fields";
import { addDays, countDaysInclusive, isIsoDate } from "./calendar-dates";
import type { TurnCall } from "./collect-turn-calls";
import { describeRejection } from "./describe-rejection";
import { followCallChain, type Step } from "./follow-call-chain";
import { formatDate, formatValues } from "./format-measurements";
import { offlineMessages } from "./offline-messages";

/** Records shown in one answer; older ones are counted, not listed. */
const MAX_RECORDS_SHOWN = 10;
const maxSpanDetailKeys = ["max_days", "max_span_days", "maximum_days", "max_span", "limit_days", "max"];

function maxDaysFrom(details: Record<string, unknown> | undefined): number | undefined {
  const value = maxSpanDetailKeys.map((key) => details?.[key]).find((candidate) => typeof candidate === "number" && candidate >= 1);
  return value === undefined ? undefined : Math.floor(value as number);
}

/**
 * The most recent allowed span of a rejected range: the span from the error's details when it names one, else the
 * suggested list call when there is one, else the documented limit.
 */
function narrowRange({ attempt, requestedTo }: { attempt: TurnCall; requestedTo: string }): Record<string, unknown> | undefined {
  const outcome = attempt.outcome;
  if (!outcome?.isError) return undefined;
  const to = isIsoDate(attempt.arguments.to) ? attempt.arguments.to : requestedTo;
  const fields = "fields" in attempt.arguments ? { fields: attempt.arguments.fields } : {};
  const maxDays = maxDaysFrom(outcome.details);
  const suggested = outcome.suggestedAction;
  if (maxDays === undefined && suggested?.tool === "list_measurements" && isIsoDate(suggested.arguments.from) && isIsoDate(suggested.arguments.to)) {
    return { ...fields, ...suggested.arguments };
  }
  return { from: addDays(to, 1 - (maxDays ?? MAX_LIST_SPAN_DAYS)), to, ...fields };
}

/** Turns a list result into the answer: the records themselves (progress questions go to get_trend instead). */
const summarize = ({ content, from, to, locale }: { content: Record<string, unknown>; from: string; to: string; locale: Locale }): string => {
  const messages = offlineMessages[locale];
  const shownFrom = formatDate(from, locale);
  const shownTo = formatDate(to, locale);
  const records = (Array.isArray(content.records) ? content.records : [])
    .filter(
      (record): record is { date: string; values?: Record<string, unknown>; display_values?: Record<string, unknown> } => typeof record?.date === "string",
    )
    .sort((left, right) => left.date.localeCompare(right.date));
  const complete = content.complete === true;
  // An empty list is a claim about the whole range, so it is only repeated when the tool marked it complete.
  if (records.length === 0) return complete ? messages.rangeEmpty(shownFrom, shownTo) : messages.rangeUnreadable(shownFrom, shownTo);
  const shown = records.slice(-MAX_RECORDS_SHOWN);
  const lines = [messages.rangeRecords(shownFrom, shownTo, records.length)];
  if (records.length > shown.length) lines.push(messages.rangeEarlierOmitted(records.length - shown.length));
  for (const record of shown) lines.push(`- ${formatDate(record.date, locale)}: ${formatValues(record.values ?? {}, locale, record.display_values)}`);
  if (!complete) lines.push(messages.rangeMaybeIncomplete);
  return lines.join("\n");
};

export function decideListStep(options: {
  from: string;
  to: string;
  rawFrom?: string;
  rawTo?: string;
  fields?: MeasurementField[];
  calls: TurnCall[];
  today: string;
  locale: Locale;
}): Step {
  const { from, to, calls, today, locale } = options;
  const messages = offlineMessages[locale];
  const first = {
    name: "list_measurements",
    arguments: { from: options.rawFrom ?? from, to: options.rawTo ?? to, ...(options.fields ? { fields: options.fields } : {}) },
  };
  const attempts = calls.filter((call) => call.name === "list_measurements");
  const state = followCallChain({ first, attempts, today, narrow: (attempt) => narrowRange({ attempt, requestedTo: to }) });
  if (state.status === "call") return { calls: [state.call] };

  const { outcome } = state;
  const sentFrom = isIsoDate(state.arguments.from) ? state.arguments.from : from;
  const sentTo = isIsoDate(state.arguments.to) ? state.arguments.to : to;
  if (!outcome.isError) {
    const narrowed = attempts.some((attempt) => attempt.outcome?.isError && attempt.outcome.code === "range_too_large");
    const resultFrom = isIsoDate(outcome.content.from) ? outcome.content.from : sentFrom;
    const resultTo = isIsoDate(outcome.content.to) ? outcome.content.to : sentTo;
    const summary = summarize({ content: outcome.content, from: resultFrom, to: resultTo, locale });
    return { text: narrowed ? `${messages.rangeNarrowed(countDaysInclusive(resultFrom, resultTo))} ${summary}` : summary };
  }
  if (outcome.code === "unavailable" || outcome.code === "internal") {
    return { text: messages.rangeUnreadable(formatDate(sentFrom, locale), formatDate(sentTo, locale)) };
  }
  if (outcome.code === "bad_arguments") return { text: describeRejection({ details: outcome.details, locale, action: "read" }) };
  if (outcome.code === "range_too_large") return { text: messages.rejected };
  return { text: messages.stopped };
}
