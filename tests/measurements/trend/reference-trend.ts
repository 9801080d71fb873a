// Test fixture: an independent reference of product.md's trend formula, written differently from lib/: segments are
// cut first, the trend walks toward each value one calendar day at a time (10 % of the way per day, which is
// t + (1 − 0.9^d)(v − t) after d days), and dates are counted by stepping a Date, never by subtracting timestamps.

export type ReferencePoint = { date: string; value: number; trend: number };

function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, "0")}-${String(next.getUTCDate()).padStart(2, "0")}`;
}

/** Days from `from` to `to` by walking (to ≥ from). */
export function walkDays(from: string, to: string): number {
  let days = 0;
  for (let date = from; date < to; date = nextDay(date)) days += 1;
  return days;
}

export function walkDate(from: string, days: number): string {
  let date = from;
  for (let step = 0; step < days; step += 1) date = nextDay(date);
  return date;
}

export function referenceSegments(records: ReadonlyArray<{ date: string; value: number }>): Array<Array<{ date: string; value: number }>> {
  const segments: Array<Array<{ date: string; value: number }>> = [];
  for (const record of records) {
    const current = segments.at(-1);
    const last = current?.at(-1);
    if (!current || !last || walkDays(last.date, record.date) > 14) segments.push([record]);
    else current.push(record);
  }
  return segments;
}

export function referenceTrend(records: ReadonlyArray<{ date: string; value: number }>): ReferencePoint[] {
  return referenceSegments(records).flatMap((segment) => {
    let trend = segment[0]?.value ?? 0;
    let date = segment[0]?.date ?? "";
    return segment.map((record) => {
      while (date < record.date) {
        trend += 0.1 * (record.value - trend);
        date = nextDay(date);
      }
      return { date: record.date, value: record.value, trend };
    });
  });
}

export type ReferenceRate = { rate: number | null; records: number; span: number; segmentStart: string | null };

export function referenceRate(records: ReadonlyArray<{ date: string; value: number }>, windowDays: number): ReferenceRate {
  const points = referenceTrend(records);
  const lastSegment = referenceSegments(records).at(-1) ?? [];
  const newest = lastSegment.at(-1);
  if (!newest) return { rate: null, records: 0, span: 0, segmentStart: null };
  const inSegment = points.slice(points.length - lastSegment.length);
  const basis = inSegment.filter((point) => walkDays(point.date, newest.date) <= windowDays);
  const first = basis[0] as ReferencePoint;
  const last = basis.at(-1) as ReferencePoint;
  const span = walkDays(first.date, last.date);
  const rate = basis.length >= 5 && span >= 10 ? ((last.trend - first.trend) * 7) / span : null;
  return { rate, records: basis.length, span, segmentStart: lastSegment[0]?.date ?? null };
}
