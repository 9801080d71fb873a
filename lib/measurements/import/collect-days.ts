// Turns readings into one record per calendar day: the same reading from two sources counts once (instants within
// 2 minutes and values within 0.05), then several readings of a field on one day become one value by the person's
// rule (first, the default: the morning weigh-in; last; min; mean). Values are rounded and checked as a save's are.
import { fieldRanges, type MeasurementField, type MeasurementValues } from "../fields";
import { roundToOneDecimal } from "../units";
import type { Provenances } from "../provenance";
import type { ImportProblem } from "./import-problem";
import type { ImportRow } from "./import-row";
import type { Provenance, Reading } from "./formats/reading";

export const perDayRules = ["first", "last", "min", "mean"] as const;
export type PerDayRule = (typeof perDayRules)[number];

export const SAME_READING_MS = 2 * 60_000;
export const SAME_READING_VALUE = 0.05;

/** A day's record from readings, where each value came from, and how many distinct readings the day merged. */
export type DayRow = {
  row: number;
  date: string;
  values: MeasurementValues;
  note: null;
  provenance: Partial<Record<MeasurementField, Provenance>>;
  readings: number;
};

export type CollectedDays = { rows: DayRow[]; problems: ImportProblem[]; duplicates: number };

/** Drops each reading that repeats an earlier-kept one (by instant order) within the time and value tolerances. */
export function withoutDuplicates(readings: readonly Reading[]): Reading[] {
  const kept: Reading[] = [];
  for (const reading of [...readings].sort((a, b) => a.instant - b.instant || a.line - b.line)) {
    const same = kept.some(
      (other) => Math.abs(other.instant - reading.instant) <= SAME_READING_MS && Math.abs(other.value - reading.value) <= SAME_READING_VALUE + 1e-9,
    );
    if (!same) kept.push(reading);
  }
  return kept;
}

/** The day's value of one field by the rule, and the reading it stands for (the first one for a mean). */
export function applyPerDayRule(readings: readonly Reading[], rule: PerDayRule): { value: number; reading: Reading } {
  const first = readings[0] as Reading;
  if (rule === "first") return { value: first.value, reading: first };
  if (rule === "last") {
    const last = readings[readings.length - 1] as Reading;
    return { value: last.value, reading: last };
  }
  if (rule === "min") {
    const lowest = readings.reduce((low, reading) => (reading.value < low.value ? reading : low), first);
    return { value: lowest.value, reading: lowest };
  }
  return { value: readings.reduce((sum, reading) => sum + reading.value, 0) / readings.length, reading: first };
}

export class DayCollector {
  private readonly byDayAndField = new Map<string, Reading[]>();

  add(reading: Reading): void {
    const key = `${reading.localDate}|${reading.field}`;
    const list = this.byDayAndField.get(key);
    if (list) list.push(reading);
    else this.byDayAndField.set(key, [reading]);
  }

  finish(options: { perDay: PerDayRule; today: string }): CollectedDays {
    const rows = new Map<string, DayRow>();
    const problems: ImportProblem[] = [];
    let duplicates = 0;
    for (const [key, readings] of this.byDayAndField) {
      const [date = "", field] = key.split("|") as [string, MeasurementField];
      const distinct = withoutDuplicates(readings);
      duplicates += readings.length - distinct.length;
      const { value, reading } = applyPerDayRule(distinct, options.perDay);
      const line = Math.min(...distinct.map((item) => item.line));
      const rounded = roundToOneDecimal(value);
      const { min, max, unit } = fieldRanges[field];
      if (date > options.today) {
        problems.push({ code: "date_future", received: date, today: options.today, line: reading.line });
        continue;
      }
      if (rounded < min || rounded > max) {
        problems.push({ code: "value_invalid", field, received: String(rounded), min, max, unit, line: reading.line });
        continue;
      }
      const row = rows.get(date) ?? { row: line, date, values: {}, note: null, provenance: {}, readings: 0 };
      row.row = Math.min(row.row, line);
      row.values[field] = rounded;
      const mean = options.perDay === "mean" && distinct.length > 1;
      row.provenance[field] = mean ? { ...reading.provenance, value: roundToOneDecimal(value), unit: fieldRanges[field].unit } : reading.provenance;
      row.readings = Math.max(row.readings, distinct.length);
      rows.set(date, row);
    }
    const sorted = [...rows.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { rows: sorted, problems: problems.sort((a, b) => a.line - b.line), duplicates };
  }
}

/** A day as the import stores it: its values, and where each came from in the stored provenance's shape. */
export function importRowOfDay(day: Pick<DayRow, "row" | "date" | "values" | "provenance">): ImportRow {
  const provenance: Provenances = {};
  for (const [field, entry] of Object.entries(day.provenance) as Array<[MeasurementField, Provenance]>)
    provenance[field] = { source: entry.source, original_value: entry.value, original_unit: entry.unit, derived: entry.derived };
  return { row: day.row, date: day.date, values: day.values, note: null, provenance };
}
