// One figure of the bench as written to bench/results.json: our value, its baseline measured in the same run, and the target.

export type BenchEntry = {
  name: string;
  /** null only when the figure could not be measured in this run (see `note`). */
  value: number | null;
  unit: string;
  baseline: string;
  baseline_value: number | null;
  /** value / baseline_value, or null without a baseline value. */
  ratio: number | null;
  /** The goal in words ("ratio <= 1.0"), or null for a figure reported for context only. */
  target: string | null;
  /** Whether the target holds; null when there is no target or no value. */
  meets: boolean | null;
  /** Why a figure is not measured, or what else a reader must know to read it. */
  note?: string;
};

export type EntryTarget = { description: string; holds: (figure: { value: number; ratio: number | null }) => boolean };

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));

/** Builds an entry, computing the ratio and whether the target holds from the measured numbers only. */
export function createEntry(options: {
  name: string;
  value: number;
  unit: string;
  baseline: string;
  baselineValue: number | null;
  target?: EntryTarget;
  digits?: number;
  note?: string;
}): BenchEntry {
  const { name, value, unit, baseline, baselineValue, target, digits = 2, note } = options;
  const ratio = baselineValue === null || baselineValue === 0 ? null : value / baselineValue;
  return {
    name,
    value: roundTo(value, digits),
    unit,
    baseline,
    baseline_value: baselineValue === null ? null : roundTo(baselineValue, digits),
    ratio: ratio === null ? null : roundTo(ratio, 3),
    target: target?.description ?? null,
    meets: target ? target.holds({ value, ratio }) : null,
    ...(note ? { note } : {}),
  };
}

/** A figure this run could not produce: it says why, and carries no number. */
export function createUnmeasuredEntry(options: { name: string; unit: string; baseline: string; target: string | null; reason: string }): BenchEntry {
  return {
    name: options.name,
    value: null,
    unit: options.unit,
    baseline: options.baseline,
    baseline_value: null,
    ratio: null,
    target: options.target,
    meets: null,
    note: `not measured: ${options.reason}`,
  };
}

export const benchEntryFields = ["name", "value", "unit", "baseline", "baseline_value", "ratio", "target", "meets"] as const;
