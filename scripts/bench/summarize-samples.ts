// Order statistics of timing samples (nearest-rank percentiles, so every reported number is a real sample).

export type SampleSummary = { count: number; median: number; p99: number; mean: number };

export function percentileOf(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) throw new Error("no samples");
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] as number;
}

export function summarizeSamples(samples: readonly number[]): SampleSummary {
  const sorted = [...samples].sort((left, right) => left - right);
  const mean = sorted.reduce((total, sample) => total + sample, 0) / sorted.length;
  return { count: sorted.length, median: percentileOf(sorted, 0.5), p99: percentileOf(sorted, 0.99), mean };
}
