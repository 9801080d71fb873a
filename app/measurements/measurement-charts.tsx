"use client";
// One trend chart per field that has data (recharts): measured values as dots on a real time axis, their 7-day average
// as the line, a range choice shared by all charts, and each chart's value axis stated in words under it.
import { useState } from "react";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate, formatNumber, formatShortDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields, type MeasurementRecord } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { unitsOf } from "@/lib/measurements/display-units";
import { chartRanges, chartSeries, defaultRange, timeTicks, type ChartRange, type ChartSeries } from "./chart-series";

type ChartRecord = Pick<MeasurementRecord, "date" | "values">;
type MeasurementChartsProps = { records: ChartRecord[]; locale: Locale; text: Dictionary["measurements"]; unitSystem: UnitSystem; today: string };

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

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
  const withYear = new Date(series.from).getUTCFullYear() !== new Date(series.to).getUTCFullYear() || series.to - series.from > 200 * 86_400_000;
  const number = (value: number) => formatNumber(value, locale);
  const dated = series.points.filter((point) => point.value !== null);
  const summary = series.values
    ? formatMessage(text.chartSummary, {
        field: name,
        count: series.count,
        from: formatCalendarDate(dated[0]?.date ?? "", locale),
        to: formatCalendarDate(dated.at(-1)?.date ?? "", locale),
        min: number(series.values.min),
        max: number(series.values.max),
        unit: series.unit,
      })
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
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={series.points} margin={{ top: 8, right: 14, bottom: 4, left: 4 }}>
              <CartesianGrid strokeDasharray="3 3" className="chart-grid-lines" />
              <XAxis
                dataKey="time"
                type="number"
                scale="time"
                domain={[series.from, series.to]}
                ticks={timeTicks(series.from, series.to)}
                tickFormatter={(time: number) => formatShortDate(isoDate(time), locale, { withYear })}
                tick={{ fontSize: 12 }}
                allowDataOverflow
              />
              <YAxis
                domain={[series.axis.min, series.axis.max]}
                ticks={series.axis.ticks}
                tickFormatter={number}
                tick={{ fontSize: 12 }}
                width={44}
                allowDataOverflow
              />
              <Tooltip
                labelFormatter={(time) => formatCalendarDate(isoDate(Number(time)), locale)}
                formatter={(value, key) => [`${number(Number(value))} ${series.unit}`, key === "average" ? text.chartAverage : text.chartMeasured]}
                contentStyle={{ background: "var(--color-surface)", border: "1px solid var(--color-border)", color: "var(--color-text)" }}
              />
              <Line
                dataKey="average"
                name={text.chartAverage}
                className="chart-average"
                strokeWidth={2.5}
                dot={false}
                activeDot={false}
                connectNulls={false}
                isAnimationActive={false}
                type="linear"
              />
              <Line
                dataKey="value"
                name={text.chartMeasured}
                className="chart-measured"
                stroke="none"
                dot={{ r: 3, className: "chart-dot" }}
                connectNulls={false}
                isAnimationActive={false}
                type="linear"
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      <figcaption className="chart-caption">
        <span className="chart-legend">
          <span className="chart-key chart-key-dot" aria-hidden="true" /> {text.chartMeasured}
          <span className="chart-key chart-key-line" aria-hidden="true" /> {text.chartAverage}
        </span>
        {series.count > 0 ? <span>{scale}</span> : null}
      </figcaption>
    </figure>
  );
}
