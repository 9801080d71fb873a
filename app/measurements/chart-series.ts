// What a trend chart draws for one field: the measured values on a real time axis (gaps drawn to scale), the smoothed
// trend of the get_trend tool (the same smoothTrend over the whole history, so a range starts mid-trend and the line ends
// at the headline's number; broken where a gap of more than 14 days restarts it), and a value axis whose range is
// stated, not hidden.
import { smoothTrend, startsSegment } from "@/lib/measurements/compute-trend";
import { addDays } from "@/lib/measurements/dates";
import type { MeasurementField, MeasurementRecord } from "@/lib/measurements/fields";
import { displayUnit, fromMetric, type DisplayUnit, type Units } from "@/lib/measurements/display-units";

export const chartRanges = ["30", "90", "365", "all"] as const;
export type ChartRange = (typeof chartRanges)[number];

const DAY_MS = 86_400_000;

/** The smallest span the value axis shows, per unit: a ±0.2 kg wobble must not fill the chart's height. */
const MINIMUM_SPAN: Record<DisplayUnit, number> = { kg: 2, lb: 4, cm: 2, in: 1, "%": 2 };

/** `trend`: the smoothed value at that record in display units (one decimal); `restart`: a new segment begins here. */
export type ChartPoint = { time: number; date: string; value: number; trend: number; restart: boolean };

export type ChartSeries = {
  field: MeasurementField;
  unit: DisplayUnit;
  points: ChartPoint[];
  /** How many records fall in the range. */
  count: number;
  /** The x axis: the range's first and last day (ms, UTC midnight). */
  from: number;
  to: number;
  /** The y axis (display units, with round ticks) and the values' own extremes. */
  axis: { min: number; max: number; ticks: number[] };
  values: { min: number; max: number } | null;
};

export const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * What the data spans: everything (the axis from the first record to today) while that is a year or less, so a week of
 * records fills the chart instead of a corner of 90 days; a longer history opens on its last year when that holds
 * records, and on everything when it stopped long ago (so it still shows).
 */
export function defaultRange(records: readonly Pick<MeasurementRecord, "date">[], today: string): ChartRange {
  const yearStart = addDays(today, -364);
  const dates = records.map((record) => record.date).filter((date) => date <= today);
  if (dates.every((date) => date >= yearStart)) return "all";
  return dates.some((date) => date >= yearStart) ? "365" : "all";
}

function firstDay(range: ChartRange, dates: string[], today: string): string {
  if (range !== "all") return addDays(today, -(Number(range) - 1));
  return dates.length > 0 ? dates.reduce((earliest, date) => (date < earliest ? date : earliest)) : today;
}

function niceAxis(low: number, high: number, unit: DisplayUnit): { min: number; max: number; ticks: number[] } {
  const span = Math.max(high - low, MINIMUM_SPAN[unit]);
  const middle = (low + high) / 2;
  const padded = span * 1.2;
  const step = [0.5, 1, 2, 5, 10, 20, 50].find((candidate) => padded / candidate <= 6) ?? 100;
  const min = Math.max(0, Math.floor((middle - padded / 2) / step) * step);
  const max = Math.max(Math.ceil((middle + padded / 2) / step) * step, Math.ceil(high / step) * step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick * 10) / 10);
  return { min, max, ticks };
}

export function chartSeries(options: {
  records: readonly Pick<MeasurementRecord, "date" | "values">[];
  field: MeasurementField;
  units: Units;
  range: ChartRange;
  today: string;
}): ChartSeries {
  const { records, field, units, range, today } = options;
  const unit = displayUnit(field, units);
  const withValue = records.filter((record) => record.values[field] !== undefined);
  const start = firstDay(
    range,
    withValue.map((record) => record.date),
    today,
  );
  const end = range === "all" ? withValue.reduce((latest, record) => (record.date > latest ? record.date : latest), today) : today;
  // The trend runs over the field's whole history in metric, as get_trend's does, and is converted like its display_values.
  const history = withValue
    .map((record) => ({ date: record.date, value: record.values[field] as number }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const { points: smoothed } = smoothTrend(history);
  const shown = (value: number) => Math.round(fromMetric({ field, value, units }) * 10) / 10;
  const points: ChartPoint[] = smoothed.flatMap((point, index) => {
    if (point.date < start || point.date > end) return [];
    const previous = smoothed[index - 1];
    const restart = previous !== undefined && startsSegment(previous.date, point.date);
    return [{ time: timeOf(point.date), date: point.date, value: fromMetric({ field, value: point.value, units }), trend: shown(point.trend), restart }];
  });
  const measured = points.map((point) => point.value);
  const values = points.length > 0 ? { min: Math.min(...measured), max: Math.max(...measured) } : null;
  // The axis holds the trend too: a range that starts mid-trend may begin with a trend outside its measured values.
  const drawn = [...measured, ...points.map((point) => point.trend)];
  let from = timeOf(start);
  let to = timeOf(end);
  // A single day gets a few days either side, so its point is not drawn on the axis' edge.
  if (to - from < 6 * DAY_MS) {
    from -= 3 * DAY_MS;
    to += 3 * DAY_MS;
  }
  return {
    field,
    unit,
    points,
    count: points.length,
    from,
    to,
    axis: values ? niceAxis(Math.min(...drawn), Math.max(...drawn), unit) : { min: 0, max: 1, ticks: [0, 1] },
    values,
  };
}

/** About `count` tick days spread evenly over the range (UTC midnights). */
export function timeTicks(from: number, to: number, count = 5): number[] {
  const days = Math.round((to - from) / DAY_MS);
  const step = Math.max(1, Math.round(days / (count - 1)));
  const ticks: number[] = [];
  for (let day = 0; day <= days; day += step) ticks.push(from + day * DAY_MS);
  return ticks;
}
