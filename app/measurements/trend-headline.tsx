// The /measurements headline: the weight's latest trend, weekly rate, goal and ETA (or why there is none), worked out
// by the same code as the get_trend tool and shown in the person's units, one decimal.
import type { ReactNode } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatCalendarDate, formatNumber, formatPlural } from "@/lib/i18n/format";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import type { TrendResult } from "@/lib/measurements/trend-result";

/** `children`: the goal form, shown in the card under the goal it changes. */
type TrendHeadlineProps = { trend: TrendResult; locale: Locale; text: Dictionary["measurements"]["headline"]; children?: ReactNode };

export function TrendHeadline({ trend, locale, text, children }: TrendHeadlineProps) {
  const display = trend.display_values;
  const unit = display?.unit ?? trend.unit;
  const shown = (metric: number | null, imperial: number | null | undefined) => (display ? imperial : metric) ?? null;
  const quantity = (value: number, signed = false) => `${signed && value > 0 ? "+" : ""}${formatNumber(value, locale, { maximumFractionDigits: 1 })} ${unit}`;
  const latest = shown(trend.latest_trend, display?.latest_trend);
  const rate = shown(trend.rate_per_week, display?.rate_per_week);
  const target = shown(trend.goal?.target ?? null, display?.target);
  const goalState =
    trend.eta !== null
      ? formatMessage(text.eta, { date: formatCalendarDate(trend.eta, locale) })
      : trend.eta_reason === "reached"
        ? text.reached
        : trend.eta_reason === "moving_away"
          ? text.movingAway
          : text.noRate;
  return (
    <section className="card" aria-labelledby="trend-headline-title" data-testid="trend-headline">
      <h2 id="trend-headline-title">{text.title}</h2>
      {latest === null || trend.last_date === null ? (
        <p data-testid="trend-headline-empty">{text.noRecords}</p>
      ) : (
        <>
          <p className="trend-headline-value" data-testid="trend-headline-latest">
            {formatMessage(text.latest, { value: quantity(latest), date: formatCalendarDate(trend.last_date, locale) })}
          </p>
          <p data-testid="trend-headline-rate">
            {rate !== null
              ? formatMessage(text.rate, { rate: quantity(rate, true), days: trend.window_days })
              : formatMessage(text.notEnough, {
                  records: trend.rules.rate_min_records,
                  days: trend.rules.rate_min_span_days,
                  have: formatPlural(text.have, trend.rate_records, locale, { span: formatPlural(text.spanDays, trend.rate_span_days, locale) }),
                })}
          </p>
        </>
      )}
      <p data-testid="trend-headline-goal">{target === null ? text.noGoal : `${formatMessage(text.goal, { target: quantity(target) })}: ${goalState}`}</p>
      {children}
    </section>
  );
}
