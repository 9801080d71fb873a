// The trend, weekly rate and goal ETA of one field's records (product.md, "Trend, rate and goals"): an exponentially
// smoothed trend that restarts after a gap of more than 14 days, a rate over the last segment's window, and the date
// the trend reaches the goal at that rate. Pure and exact: rounding is for whoever shows the numbers.

/** A gap longer than this starts a new segment: the trend restarts at the value. */
export const SEGMENT_GAP_DAYS = 14;
/** Each day moves the trend 10 % of the way to the value: a = 1 − 0.9^d. */
export const SMOOTHING_BASE = 0.9;
export const MIN_WINDOW_DAYS = 14;
export const MAX_WINDOW_DAYS = 180;
export const DEFAULT_WINDOW_DAYS = 28;
/** A rate needs this many records of the last segment's window, spanning at least RATE_MIN_SPAN_DAYS. */
export const RATE_MIN_RECORDS = 5;
export const RATE_MIN_SPAN_DAYS = 10;
/** A rate smaller than this per week (0.0 once rounded) does not move toward any goal. */
const STILL_RATE_PER_WEEK = 0.005;
/** The trend within this of the target is the target at the shown precision (0.1). */
const REACHED_DISTANCE = 0.05;

const DAY_MS = 86_400_000;

export type TrendPoint = { date: string; value: number; trend: number };
export type EtaReason = "moving_away" | "no_rate" | "reached";

export type TrendComputation = {
  records: number;
  first_date: string | null;
  last_date: string | null;
  /** Every record's point, oldest first (the caller picks which to show). */
  points: TrendPoint[];
  latest_trend: number | null;
  rate_per_week: number | null;
  enough_data: boolean;
  /** What the rate was (or would be) worked out from: the last segment's records within the window. */
  rate_records: number;
  rate_span_days: number;
  segment_start: string | null;
  eta: string | null;
  eta_reason: EtaReason | null;
};

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether a record `date` after one on `previousDate` starts a new segment (the gap is longer than SEGMENT_GAP_DAYS). */
export const startsSegment = (previousDate: string, date: string) => daysBetween(previousDate, date) > SEGMENT_GAP_DAYS;

/** The smoothed series; `records` must be one value per date, oldest first. Also the index where the last segment starts. */
export function smoothTrend(records: ReadonlyArray<{ date: string; value: number }>): { points: TrendPoint[]; segmentStartIndex: number } {
  const points: TrendPoint[] = [];
  let segmentStartIndex = 0;
  records.forEach(({ date, value }, index) => {
    const previous = points[index - 1];
    if (!previous || startsSegment(previous.date, date)) {
      segmentStartIndex = index;
      points.push({ date, value, trend: value });
      return;
    }
    const weight = 1 - SMOOTHING_BASE ** daysBetween(previous.date, date);
    points.push({ date, value, trend: previous.trend + weight * (value - previous.trend) });
  });
  return { points, segmentStartIndex };
}

function etaOf(options: { latest: number; rate: number | null; target: number; lastDate: string }): { eta: string | null; eta_reason: EtaReason | null } {
  const { latest, rate, target, lastDate } = options;
  const distance = target - latest;
  if (Math.abs(distance) < REACHED_DISTANCE) return { eta: null, eta_reason: "reached" };
  if (rate === null) return { eta: null, eta_reason: "no_rate" };
  if (Math.abs(rate) < STILL_RATE_PER_WEEK || Math.sign(rate) !== Math.sign(distance)) return { eta: null, eta_reason: "moving_away" };
  return { eta: shiftDate(lastDate, Math.ceil((distance / rate) * 7)), eta_reason: null };
}

export function computeTrend(options: {
  records: ReadonlyArray<{ date: string; value: number }>;
  windowDays: number;
  target: number | null;
}): TrendComputation {
  const { records, windowDays, target } = options;
  const { points, segmentStartIndex } = smoothTrend(records);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) {
    return {
      records: 0,
      first_date: null,
      last_date: null,
      points,
      latest_trend: null,
      rate_per_week: null,
      enough_data: false,
      rate_records: 0,
      rate_span_days: 0,
      segment_start: null,
      eta: null,
      eta_reason: target === null ? null : "no_rate",
    };
  }
  const windowStart = shiftDate(last.date, -windowDays);
  const basis = points.slice(segmentStartIndex).filter((point) => point.date >= windowStart);
  const basisFirst = basis[0] ?? last;
  const span = daysBetween(basisFirst.date, last.date);
  const enough = basis.length >= RATE_MIN_RECORDS && span >= RATE_MIN_SPAN_DAYS;
  const rate = enough ? ((last.trend - basisFirst.trend) / span) * 7 : null;
  const eta = target === null ? null : etaOf({ latest: last.trend, rate, target, lastDate: last.date });
  return {
    records: points.length,
    first_date: first.date,
    last_date: last.date,
    points,
    latest_trend: last.trend,
    rate_per_week: rate,
    enough_data: enough,
    rate_records: basis.length,
    rate_span_days: span,
    segment_start: points[segmentStartIndex]?.date ?? null,
    eta: eta?.eta ?? null,
    eta_reason: eta?.eta_reason ?? null,
  };
}
