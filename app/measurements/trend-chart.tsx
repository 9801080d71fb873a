"use client";
// One field's trend as plain SVG, drawn on the server with the page: measured values as dots on a real time axis, the
// 7-day average as a line broken where a week holds no value, and the value axis' ticks. Horizontal positions are
// percentages, so the drawing needs no measuring and fits any width; pointing at it (mouse, touch or pen) shows the
// nearest day's values. It replaces recharts, which cost about a second of a phone's main thread on every visit.
import { useState, type PointerEvent } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatCalendarDate, formatNumber, formatShortDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { timeTicks, type ChartSeries } from "./chart-series";

/** The drawing's frame in pixels: the value axis' column on the left, the time axis' labels below. */
const HEIGHT = 200;
const TOP = 8;
const BOTTOM = 166;
const AXIS_WIDTH = 48;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

type TrendChartProps = { series: ChartSeries; locale: Locale; text: Dictionary["measurements"] };

export function TrendChart({ series, locale, text }: TrendChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const { from, to, axis, points, unit } = series;
  const withYear = new Date(from).getUTCFullYear() !== new Date(to).getUTCFullYear() || to - from > 200 * 86_400_000;
  const x = (time: number) => `${((100 * (time - from)) / (to - from)).toFixed(3)}%`;
  const y = (value: number) => TOP + ((axis.max - value) / (axis.max - axis.min)) * (BOTTOM - TOP);
  const number = (value: number) => formatNumber(value, locale);
  const averages = points.flatMap((point, index) => {
    const next = points[index + 1];
    return point.average !== null && next?.average != null ? [{ from: point, to: { time: next.time, average: next.average } }] : [];
  });
  const dated = points.flatMap((point, index) => (point.value === null ? [] : [index]));

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const time = from + ((event.clientX - box.left) / box.width) * (to - from);
    let nearest: number | null = null;
    for (const index of dated) {
      const point = points[index];
      const best = nearest === null ? undefined : points[nearest];
      if (point && (!best || Math.abs(point.time - time) < Math.abs(best.time - time))) nearest = index;
    }
    setActive(nearest);
  };
  // The keyboard walks the measured days, as recharts' keyboard layer did.
  const step = (key: string) => {
    const at = active === null ? -1 : dated.indexOf(active);
    if (key === "ArrowRight") setActive(dated[Math.min(at + 1, dated.length - 1)] ?? null);
    if (key === "ArrowLeft") setActive(dated[Math.max(at - 1, 0)] ?? null);
  };
  const shown = active === null ? undefined : points[active];
  const shownFraction = shown ? (shown.time - from) / (to - from) : 0;

  return (
    <div className="trend-chart">
      <svg className="trend-value-axis" width={AXIS_WIDTH} height={HEIGHT} aria-hidden="true">
        <line className="trend-axis-line" x1={AXIS_WIDTH - 0.5} x2={AXIS_WIDTH - 0.5} y1={TOP} y2={BOTTOM} />
        {axis.ticks.map((tick) => (
          <g key={tick}>
            <line className="trend-axis-line" x1={AXIS_WIDTH - 6} x2={AXIS_WIDTH} y1={y(tick)} y2={y(tick)} />
            <text className="trend-tick" x={AXIS_WIDTH - 9} y={y(tick)} dy="0.355em" textAnchor="end">
              {number(tick)}
            </text>
          </g>
        ))}
      </svg>
      <svg
        className="trend-plot"
        width="100%"
        height={HEIGHT}
        overflow="visible"
        tabIndex={0}
        onKeyDown={(event) => step(event.key)}
        onBlur={() => setActive(null)}
        onPointerDown={pointAt}
        onPointerMove={pointAt}
        onPointerLeave={() => setActive(null)}
      >
        {axis.ticks.map((tick) => (
          <line key={tick} className="trend-grid-line" x1="0" x2="100%" y1={y(tick)} y2={y(tick)} />
        ))}
        {timeTicks(from, to).map((tick) => (
          <g key={tick}>
            <line className="trend-grid-line" x1={x(tick)} x2={x(tick)} y1={TOP} y2={BOTTOM} />
            <line className="trend-axis-line" x1={x(tick)} x2={x(tick)} y1={BOTTOM} y2={BOTTOM + 6} />
            <text className="trend-tick" x={x(tick)} y={BOTTOM + 9} dy="0.71em" textAnchor="middle">
              {formatShortDate(isoDate(tick), locale, { withYear })}
            </text>
          </g>
        ))}
        <line className="trend-axis-line" x1="0" x2="100%" y1={BOTTOM + 0.5} y2={BOTTOM + 0.5} />
        {shown ? <line className="trend-cursor" x1={x(shown.time)} x2={x(shown.time)} y1={TOP} y2={BOTTOM} /> : null}
        {averages.map((segment) => (
          <line
            key={segment.from.time}
            className="chart-average"
            x1={x(segment.from.time)}
            x2={x(segment.to.time)}
            y1={y(segment.from.average ?? 0)}
            y2={y(segment.to.average)}
          />
        ))}
        {points.map((point) => (point.value === null ? null : <circle key={point.time} className="chart-dot" cx={x(point.time)} cy={y(point.value)} r={3} />))}
        {shown && shown.value !== null ? <circle className="chart-dot chart-dot-active" cx={x(shown.time)} cy={y(shown.value)} r={5} /> : null}
      </svg>
      {shown ? (
        <div
          className="trend-tooltip"
          data-testid="chart-tooltip"
          style={{
            left: `calc(${AXIS_WIDTH}px + (100% - ${AXIS_WIDTH}px) * ${shownFraction.toFixed(4)})`,
            transform: shownFraction > 0.5 ? "translateX(calc(-100% - 10px))" : "translateX(10px)",
          }}
        >
          <p className="trend-tooltip-date">{formatCalendarDate(shown.date, locale)}</p>
          {shown.average !== null ? (
            <p className="trend-tooltip-average">
              {text.chartAverage}: {number(shown.average)} {unit}
            </p>
          ) : null}
          {shown.value !== null ? (
            <p className="trend-tooltip-measured">
              {text.chartMeasured}: {number(shown.value)} {unit}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
