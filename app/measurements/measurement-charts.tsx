"use client";
// One trend chart per field that has data (SVG drawn with the page, trend-chart.tsx): measured values as dots on a real
// time axis, the get_trend tool's smoothed trend as the line, a range choice shared by all charts, and each chart's
// value axis stated in words under it. The text alternative says what the dots and the line show.
import { useState } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate, formatNumber, formatPlural } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { SEGMENT_GAP_DAYS } from "@/lib/measurements/compute-trend";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields, type MeasurementRecord } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { unitsOf } from "@/lib/measurements/display-units";
import { chartRanges, chartSeries, defaultRange, type ChartRange, type ChartSeries } from "./chart-series";
import { TrendChart } from "./trend-chart";

type ChartRecord = Pick<MeasurementRecord, "date" | "values">;
type MeasurementChartsProps = { records: ChartRecord[]; locale: Locale; text: Dictionary["measurements"]; unitSystem: UnitSystem; today: string };

export function MeasurementCharts({ records, locale, text, unitSystem, today }: MeasurementChartsProps) {
  // null: the default for the records as they are now (records can arrive after the first render, or all be deleted).
  const [chosen, setRange] = useState<ChartRange | null>(null);
  const range = chosen ?? defaultRange(records, today);
  const units = unitsOf(unitSystem);
  const fields = measurementFields.filter((field) => records.some((record) => record.values[field] !== undefined));
  if (fields.length === 0) return <p className="page-intro">{text.chartsEmpty}</p>;
  return (
    <>
      <div className="segmented chart-ranges" role="group" aria-label={text.rangeLabel} data-testid="chart-ranges">
        {chartRanges.map((option) => (
          <button key={option} type="button" aria-pressed={option === range} onClick={() => setRange(option)} data-testid={`chart-range-${option}`}>
            {text.ranges[option]}
          </button>
        ))}
      </div>
      <div className="chart-grid">
        {fields.map((field) => (
          <FieldChart key={field} series={chartSeries({ records, field, units, range, today })} locale={locale} text={text} />
        ))}
      </div>
    </>
  );
}

function FieldChart({ series, locale, text }: { series: ChartSeries; locale: Locale; text: Dictionary["measurements"] }) {
  const name = fieldLabels[locale][series.field].label;
  const label = `${name} (${series.unit})`;
  const number = (value: number) => formatNumber(value, locale);
  const { points } = series;
  const first = points[0];
  const last = points.at(-1);
  const restarts = points.filter((point, index) => index > 0 && point.restart).map((point) => formatCalendarDate(point.date, locale));
  const summary =
    series.values && first && last
      ? [
          formatPlural(text.chartSummary, series.count, locale, {
            field: name,
            from: formatCalendarDate(first.date, locale),
            to: formatCalendarDate(last.date, locale),
            min: number(series.values.min),
            max: number(series.values.max),
            unit: series.unit,
          }),
          formatMessage(text.chartTrendSummary, { first: number(first.trend), last: number(last.trend), unit: series.unit }),
          ...(restarts.length > 0 ? [formatMessage(text.chartTrendRestarts, { days: SEGMENT_GAP_DAYS, dates: restarts.join(", ") })] : []),
        ].join(" ")
      : text.chartNone;
  const scale = formatMessage(series.axis.min > 0 ? text.chartScaleZoomed : text.chartScale, {
    min: number(series.axis.min),
    max: number(series.axis.max),
    unit: series.unit,
  });
  return (
    <figure className="chart-card" data-testid={`measurement-chart-${series.field}`} data-points={series.count}>
      <h3>{label}</h3>
      {series.count === 0 ? (
        <p className="chart-none">{text.chartNone}</p>
      ) : (
        <div className="chart-area" role="img" aria-label={summary}>
          <TrendChart series={series} locale={locale} text={text} />
        </div>
      )}
      <figcaption className="chart-caption">
        <span className="chart-legend">
          <span className="chart-key chart-key-dot" aria-hidden="true" /> {text.chartMeasured}
          <span className="chart-key chart-key-line" aria-hidden="true" /> {text.chartTrend}
        </span>
        {series.count > 0 ? <span>{scale}</span> : null}
      </figcaption>
    </figure>
  );
}
