// Reshapes the metrics summary into chart rows: one row per x value, one numeric column per series.
import type { MetricsSummary } from "./read-traces";

export type PivotedSeries = { rows: Record<string, string | number>[]; series: string[] };

function pivot<T>(items: T[], options: { x: (item: T) => string; xKey: string; series: (item: T) => string; count: (item: T) => number }): PivotedSeries {
  const rows = new Map<string, Record<string, string | number>>();
  const series = new Set<string>();
  for (const item of items) {
    const x = options.x(item);
    const name = options.series(item);
    series.add(name);
    const row = rows.get(x) ?? { [options.xKey]: x };
    row[name] = ((row[name] as number | undefined) ?? 0) + options.count(item);
    rows.set(x, row);
  }
  return { rows: [...rows.values()], series: [...series].sort() };
}

/** "read_measurement · not_found", "save_measurement · ok": the code when the call failed, its status otherwise. */
export function toolResultSeries(entry: MetricsSummary["toolResults"][number]): string {
  return `${entry.tool} · ${entry.error || entry.status}`;
}

export function pivotToolResults(summary: MetricsSummary): PivotedSeries {
  return pivot(summary.toolResults, { x: (entry) => entry.day, xKey: "day", series: toolResultSeries, count: (entry) => entry.count });
}

export function pivotModelRequests(summary: MetricsSummary): PivotedSeries {
  return pivot(summary.modelRequests, { x: (entry) => entry.provider, xKey: "provider", series: (entry) => entry.status, count: (entry) => entry.count });
}
