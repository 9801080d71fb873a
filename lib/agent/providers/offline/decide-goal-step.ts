// "My goal is 72 kg": one set_goal call (pounds or inches with their units, converted by the tool), then the answer
// from its result alone: the stored target, the one it replaced, or why nothing was stored.
import type { Locale } from "../../../i18n/locale";
import { fieldRanges, type MeasurementField } from "../../../measurements/fields";
import type { SaveUnits } from "../../../measurements/units";
import type { TurnCall } from "./collect-turn-calls";
import { describeRejection } from "./describe-rejection";
import { followCallChain, type Step } from "./follow-call-chain";
import { formatQuantity } from "./format-measurements";
import { trendMessages } from "./messages/trend-messages";
import { offlineMessages } from "./offline-messages";

export function decideGoalStep(options: { intent: { field: MeasurementField; target: number; units?: SaveUnits }; calls: TurnCall[]; locale: Locale }): Step {
  const { intent, calls, locale } = options;
  const first = { name: "set_goal", arguments: { field: intent.field, target: intent.target, ...(intent.units ? { units: intent.units } : {}) } };
  const state = followCallChain({ first, attempts: calls.filter((call) => call.name === "set_goal"), today: "" });
  if (state.status === "call") return { calls: [state.call] };
  const { outcome } = state;
  const messages = trendMessages[locale];
  const label = offlineMessages[locale].fieldLabels[intent.field];
  if (outcome.isError) {
    if (outcome.code === "write_failed") return { text: messages.goalWriteFailed };
    if (outcome.code === "outcome_unknown") return { text: messages.goalOutcomeUnknown };
    if (outcome.code === "bad_arguments") return { text: describeRejection({ details: outcome.details, locale, action: "save" }) };
    return { text: offlineMessages[locale].stopped };
  }
  const { content } = outcome;
  const metricUnit = fieldRanges[intent.field].unit;
  const metric = (value: number) => formatQuantity({ value, unit: metricUnit, locale, field: intent.field });
  if (typeof content.target !== "number") return { text: messages.goalRemoved(label) };
  const converted = content.converted as { from?: unknown; unit?: unknown } | undefined;
  const target =
    typeof converted?.from === "number" && (converted.unit === "lb" || converted.unit === "in")
      ? `${formatQuantity({ value: converted.from, unit: converted.unit, locale, field: intent.field })} (${metric(content.target)})`
      : metric(content.target);
  const previous = typeof content.previous === "number" ? metric(content.previous) : undefined;
  return { text: messages.goalSaved({ label, target, ...(previous ? { previous } : {}) }) };
}
