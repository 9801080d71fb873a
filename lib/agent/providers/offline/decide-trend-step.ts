// A progress question: one get_trend call per field asked about (weight when none is named), over the named range's
// length as the rate window (the tool's default when none is named), then the answer from the results alone.
import type { Locale } from "../../../i18n/locale";
import { MAX_WINDOW_DAYS, MIN_WINDOW_DAYS } from "../../../measurements/compute-trend";
import { measurementFields, type MeasurementField } from "../../../measurements/fields";
import { countDaysInclusive } from "./calendar-dates";
import type { TurnCall } from "./collect-turn-calls";
import type { Step } from "./follow-call-chain";
import { trendMessages } from "./messages/trend-messages";
import { offlineMessages } from "./offline-messages";
import { summarizeTrend } from "./summarize-trend";

export function decideTrendStep(options: {
  from: string;
  to: string;
  /** False when the question named no period: the tool's default window is used. */
  named: boolean;
  fields?: MeasurementField[];
  calls: TurnCall[];
  locale: Locale;
}): Step {
  const { calls, locale } = options;
  const fields = options.fields && options.fields.length > 0 ? options.fields : (["weight_kg"] as MeasurementField[]);
  const window = Math.min(MAX_WINDOW_DAYS, Math.max(MIN_WINDOW_DAYS, countDaysInclusive(options.from, options.to)));
  const trendCalls = calls.filter((call) => call.name === "get_trend");
  if (trendCalls.length === 0) {
    return { calls: fields.map((field) => ({ name: "get_trend", arguments: { field, ...(options.named ? { days: window } : {}) } })) };
  }
  const answers = trendCalls.map((call) => {
    const field = measurementFields.find((candidate) => candidate === call.arguments.field) ?? "weight_kg";
    const outcome = call.outcome;
    if (!outcome) return offlineMessages[locale].stopped;
    if (!outcome.isError) return summarizeTrend({ content: outcome.content, locale });
    if (outcome.code === "unavailable" || outcome.code === "internal") return trendMessages[locale].unreadable(offlineMessages[locale].fieldLabels[field]);
    return offlineMessages[locale].stopped;
  });
  return { text: answers.join("\n") };
}
