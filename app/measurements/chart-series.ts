// What a trend chart draws for one field: the measured values on a real time axis (gaps drawn to scale), their 7-day
// average (broken where a week holds no value, never bridged), and a value axis whose range is stated, not hidden.
import { addDays } from "@/lib/measurements/dates";
import type { MeasurementField, MeasurementRecord } from "@/lib/measurements/fields";
import { displayUnit, fromMetric, type DisplayUnit, type Units } from "@/lib/measurements/display-units";

export const chartRanges = ["30", "90", "365", "all"] as const;
export type ChartRange = (typeof chartRanges)[number];

export const AVERAGE_DAYS = 7;
const DAY_MS = 86_400_000;

/** The smallest span the value axis shows, per unit: a ±0.2 kg wobble must not fill the chart's height. */
const MINIMUM_SPAN: Record<DisplayUnit, number> = { kg: 2, lb: 4, cm: 2, in: 1, "%": 2 };

export type ChartPoint = { time: number; date: string; value: number | null; average: number | null };

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

/** 90 days when anything was recorded in them, else everything (a history that stopped long ago still shows). */
export function defaultRange(records: readonly Pick<MeasurementRecord, "date">[], today: string): ChartRange {
  const start = addDays(today, -89);
  return records.some((record) => record.date >= start && record.date <= today) ? "90" : "all";
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
  const inRange = withValue
    .filter((record) => record.date >= start && record.date <= end)
    .map((record) => ({ date: record.date, time: timeOf(record.date), value: fromMetric({ field, value: record.values[field] as number, units }) }))
    .sort((a, b) => a.time - b.time);
  // The average looks back a week from each record, including records just before the range.
  const history = withValue
    .map((record) => ({ time: timeOf(record.date), value: fromMetric({ field, value: record.values[field] as number, units }) }))
    .sort((a, b) => a.time - b.time);
  const points: ChartPoint[] = [];
  for (const [index, entry] of inRange.entries()) {
    const previous = inRange[index - 1];
    // A gap longer than the averaging window breaks the average line instead of drawing a week that was not measured.
    if (previous && entry.time - previous.time > AVERAGE_DAYS * DAY_MS) {
      points.push({ time: previous.time + DAY_MS, date: "", value: null, average: null });
    }
    const window = history.filter((item) => item.time <= entry.time && item.time > entry.time - AVERAGE_DAYS * DAY_MS);
    const average = Math.round((window.reduce((sum, item) => sum + item.value, 0) / window.length) * 10) / 10;
    points.push({ time: entry.time, date: entry.date, value: entry.value, average });
  }
  const values = inRange.length > 0 ? { min: Math.min(...inRange.map((entry) => entry.value)), max: Math.max(...inRange.map((entry) => entry.value)) } : null;
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
    count: inRange.length,
    from,
    to,
    axis: values ? niceAxis(values.min, values.max, unit) : { min: 0, max: 1, ticks: [0, 1] },
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
