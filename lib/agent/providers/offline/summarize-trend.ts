// Answers "how am I doing?" from get_trend results alone: the latest trend, the weekly rate (or why there is none),
// a restart after a long gap, and the goal with its date or the reason there is none. Every number shown is one the
// tool returned, rounded to one decimal, in the person's units (display_values when the tool gave them).
import type { Locale } from "../../../i18n/locale";
import { fieldRanges, measurementFields, type MeasurementField } from "../../../measurements/fields";
import { roundToOneDecimal, type FieldUnit } from "../../../measurements/units";
import { formatDate, formatNumber, formatQuantity } from "./format-measurements";
import { trendMessages } from "./messages/trend-messages";
import { offlineMessages } from "./offline-messages";

type Content = Record<string, unknown>;

const numberOr = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const dateOr = (value: unknown): string | undefined => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The result's headline numbers as the person reads them: display_values (imperial) when present, else metric. */
function shownNumbers(content: Content, field: MeasurementField) {
  const display = content.display_values as Content | undefined;
  const unit: FieldUnit = display && (display.unit === "lb" || display.unit === "in") ? display.unit : fieldRanges[field].unit;
  const pick = (name: string, metric: unknown) => (display ? numberOr(display[name]) : numberOr(metric));
  const goal = content.goal as Content | null | undefined;
  return { unit, latest: pick("latest_trend", content.latest_trend), rate: pick("rate_per_week", content.rate_per_week), target: pick("target", goal?.target) };
}

function describeGoal(options: { content: Content; target: string | undefined; locale: Locale }): string {
  const { content, target, locale } = options;
  const messages = trendMessages[locale];
  if (target === undefined) return messages.noGoal;
  const eta = dateOr(content.eta);
  if (eta) return messages.goalEta({ target, eta: formatDate(eta, locale) });
  if (content.eta_reason === "reached") return messages.goalReached(target);
  if (content.eta_reason === "moving_away") return messages.goalMovingAway(target);
  return messages.goalNoRate(target);
}

export function summarizeTrend(options: { content: Content; locale: Locale }): string {
  const { content, locale } = options;
  const messages = trendMessages[locale];
  const field = measurementFields.find((candidate) => candidate === content.field) ?? "weight_kg";
  const label = offlineMessages[locale].fieldLabels[field];
  const { unit, latest, rate, target } = shownNumbers(content, field);
  const lastDate = dateOr(content.last_date);
  if (content.records === 0 || latest === undefined || !lastDate) return messages.noRecords(label);
  const quantity = (value: number) => formatQuantity({ value: roundToOneDecimal(value), unit, locale, field });
  const lines = [messages.latest({ label, trend: quantity(latest), date: formatDate(lastDate, locale) })];
  const count = formatNumber(numberOr(content.rate_records) ?? 0, locale);
  const rules = (content.rules ?? {}) as Content;
  if (content.enough_data === true && rate !== undefined) {
    const signed = `${formatNumber(roundToOneDecimal(rate), locale, { signed: true })}${unit === "%" ? offlineMessages[locale].percentSign : ` ${unit}`}`;
    const since = content.trend && Array.isArray(content.trend) ? dateOr(basisStart(content)) : undefined;
    lines.push(
      messages.rate({ rate: signed, days: formatNumber(numberOr(content.window_days) ?? 0, locale), count, since: formatDate(since ?? lastDate, locale) }),
    );
  } else {
    lines.push(
      messages.notEnough({
        weight: field === "weight_kg",
        needRecords: formatNumber(numberOr(rules.rate_min_records) ?? 0, locale),
        needDays: formatNumber(numberOr(rules.rate_min_span_days) ?? 0, locale),
        count,
        days: formatNumber(numberOr(content.rate_span_days) ?? 0, locale),
      }),
    );
  }
  const segmentStart = dateOr(content.segment_start);
  const firstDate = dateOr(content.first_date);
  const gapDays = numberOr(rules.segment_gap_days);
  if (segmentStart && firstDate && segmentStart > firstDate && gapDays !== undefined) {
    lines.push(messages.restarted({ date: formatDate(segmentStart, locale), gapDays: formatNumber(gapDays, locale) }));
  }
  lines.push(describeGoal({ content, target: target === undefined ? undefined : quantity(target), locale }));
  return lines.join(" ");
}

/** The first date the rate was worked out from: the earliest shown point of the last segment (rate_records of them). */
function basisStart(content: Content): string | undefined {
  const points = (content.trend as Array<{ date?: unknown }>).map((point) => dateOr(point.date)).filter((date): date is string => date !== undefined);
  const count = numberOr(content.rate_records) ?? 0;
  return points[points.length - count];
}
