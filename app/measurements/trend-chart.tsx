"use client";
// One field's trend as plain SVG, drawn on the server with the page: measured values as dots on a real time axis, the
// get_trend tool's smoothed trend as a line broken where a gap restarts it, and the value axis' ticks. Horizontal
// positions are percentages (the line: a stretched viewBox with a stroke that does not stretch), so the drawing needs
// no measuring and fits any width; pointing at it (mouse, touch or pen) shows the nearest day's values. It replaces
// recharts, which cost about a second of a phone's main thread on every visit.
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
/** The trend line's own horizontal scale (its viewBox is stretched to the plot's width). */
const LINE_WIDTH = 1000;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

type TrendChartProps = { series: ChartSeries; locale: Locale; text: Dictionary["measurements"] };

export function TrendChart({ series, locale, text }: TrendChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const { from, to, axis, points, unit } = series;
  const withYear = new Date(from).getUTCFullYear() !== new Date(to).getUTCFullYear() || to - from > 200 * 86_400_000;
  const x = (time: number) => `${((100 * (time - from)) / (to - from)).toFixed(3)}%`;
  const y = (value: number) => TOP + ((axis.max - value) / (axis.max - axis.min)) * (BOTTOM - TOP);
  const number = (value: number) => formatNumber(value, locale);
  const lineX = (time: number) => ((LINE_WIDTH * (time - from)) / (to - from)).toFixed(2);
  // One subpath per segment: a restart moves the pen instead of drawing across the gap.
  const trendPath = points.map((point, index) => `${index === 0 || point.restart ? "M" : "L"}${lineX(point.time)} ${y(point.trend).toFixed(2)}`).join(" ");
  const segments = points.filter((point, index) => index === 0 || point.restart).length;

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const time = from + ((event.clientX - box.left) / box.width) * (to - from);
    let nearest: number | null = null;
    points.forEach((point, index) => {
      const best = nearest === null ? undefined : points[nearest];
      if (!best || Math.abs(point.time - time) < Math.abs(best.time - time)) nearest = index;
    });
    setActive(nearest);
  };
  // The keyboard walks the measured days, as recharts' keyboard layer did.
  const step = (key: string) => {
    if (points.length === 0) return;
    if (key === "ArrowRight") setActive(active === null ? 0 : Math.min(active + 1, points.length - 1));
    if (key === "ArrowLeft") setActive(active === null ? 0 : Math.max(active - 1, 0));
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
        <svg aria-hidden="true" x="0" y="0" width="100%" height={HEIGHT} viewBox={`0 0 ${LINE_WIDTH} ${HEIGHT}`} preserveAspectRatio="none" overflow="visible">
          <path
            className="chart-trend"
            d={trendPath}
            fill="none"
            vectorEffect="non-scaling-stroke"
            data-testid="chart-trend-line"
            data-points={points.length}
            data-segments={segments}
          />
        </svg>
        {points.map((point) => (
          <circle key={point.time} className="chart-dot" cx={x(point.time)} cy={y(point.value)} r={3} />
        ))}
        {shown ? <circle className="chart-dot chart-dot-active" cx={x(shown.time)} cy={y(shown.value)} r={5} /> : null}
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
          <p className="trend-tooltip-trend">
            {text.chartTrend}: {number(shown.trend)} {unit}
          </p>
          <p className="trend-tooltip-measured">
            {text.chartMeasured}: {number(shown.value)} {unit}
          </p>
        </div>
      ) : null}
    </div>
  );
}
