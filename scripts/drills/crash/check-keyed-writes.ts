// A Jepsen-style set checker for keyed writes: acknowledged ⊆ stored ⊆ attempted, each key's change and outcome exactly once.
import type { KeyedWrite } from "./keyed-writes";

export type StoredMeasurement = { date: string; weightKg: number | null };
export type StoredRecord = { key: string; isError: boolean; outcome: string };
/** The user's goal row for weight_kg after the run (undefined when none). */
export type StoredGoal = { target: number } | undefined;

export type KeyedWriteCheck = {
  attempted: number;
  acknowledged: number;
  /** Keys with anything stored (a measurement for their date or a recorded outcome). */
  stored: number;
  /** Acknowledged keys whose change or recorded outcome is absent. */
  lost: number;
  /** Keys stored more than once, or executed more than once (their recorded outcome is not the first execution's). */
  duplicated: number;
  /** Rows or outcomes that belong to no attempted key. */
  unexpected: number;
  /** Keys with a change but no recorded outcome, or the reverse: the change was not atomic. */
  partial: number;
  /** Keys whose stored value is not the value sent. */
  wrongValue: number;
  /** A sample of the violations, for the report. */
  examples: string[];
};

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function recordedSuccess(outcome: string): { created?: unknown; date?: unknown; idempotency_key?: unknown } | null {
  try {
    return JSON.parse(outcome) as { created?: unknown };
  } catch {
    return null;
  }
}

export function checkKeyedWrites(options: {
  attempted: readonly KeyedWrite[];
  acknowledged: ReadonlySet<string>;
  measurements: readonly StoredMeasurement[];
  records: readonly StoredRecord[];
  goal?: StoredGoal;
}): KeyedWriteCheck {
  const { acknowledged, measurements, records } = options;
  const attempted = options.attempted.filter((write) => write.kind !== "goal");
  const rowsByDate = groupBy(measurements, (row) => row.date);
  const recordsByKey = groupBy(records, (record) => record.key);
  const attemptedDates = new Set(attempted.map((write) => write.date));
  const check: KeyedWriteCheck = {
    attempted: attempted.length,
    acknowledged: 0,
    stored: 0,
    lost: 0,
    duplicated: 0,
    unexpected: 0,
    partial: 0,
    wrongValue: 0,
    examples: [],
  };
  const note = (text: string) => {
    if (check.examples.length < 5) check.examples.push(text);
  };
  for (const write of attempted) {
    const rows = rowsByDate.get(write.date) ?? [];
    const recorded = recordsByKey.get(write.key) ?? [];
    const outcome = recorded.length === 1 && recorded[0] ? recordedSuccess(recorded[0].outcome) : null;
    if (rows.length > 0 || recorded.length > 0) check.stored += 1;
    // Every key has a date of its own, so its first execution creates the row: `created: false` means an earlier execution already ran.
    const executedTwice = recorded.length === 1 && (recorded[0]?.isError === true || outcome?.created !== true);
    if (rows.length > 1 || recorded.length > 1 || executedTwice) {
      check.duplicated += 1;
      note(`${write.key}: ${rows.length} rows, ${recorded.length} outcomes, recorded ${recorded[0]?.outcome ?? "nothing"}`);
    }
    if ((rows.length === 0) !== (recorded.length === 0)) {
      check.partial += 1;
      note(`${write.key}: ${rows.length} rows but ${recorded.length} outcomes`);
    }
    if (rows.length === 1 && rows[0]?.weightKg !== write.weight) {
      check.wrongValue += 1;
      note(`${write.key}: stored ${rows[0]?.weightKg}, sent ${write.weight}`);
    }
    if (acknowledged.has(write.key)) {
      check.acknowledged += 1;
      if (rows.length === 0 || recorded.length === 0) {
        check.lost += 1;
        note(`${write.key}: acknowledged, but ${rows.length === 0 ? "its change" : "its recorded outcome"} is absent`);
      }
    }
  }
  for (const row of measurements) {
    if (!attemptedDates.has(row.date)) {
      check.unexpected += 1;
      note(`a measurement on ${row.date} that no write attempted`);
    }
  }
  checkGoalWrites({ goals: options.attempted.filter((write) => write.kind === "goal"), acknowledged, recordsByKey, goal: options.goal, check, note });
  const allKeys = new Set(options.attempted.map((write) => write.key));
  for (const record of records) {
    if (!allKeys.has(record.key)) {
      check.unexpected += 1;
      note(`an outcome under key ${record.key} that no write attempted`);
    }
  }
  return check;
}

/**
 * set_goal writes, in the order they were sent, each with its own target: a stored one's `previous` must be the target
 * of the stored one before it (a change without its record, or the reverse, breaks the chain: partial), a second
 * execution of a key would find its own target stored (previous === target: duplicated), an acknowledged one must be
 * recorded (lost), and the goal left must be the last recorded target.
 */
function checkGoalWrites(options: {
  goals: readonly KeyedWrite[];
  acknowledged: ReadonlySet<string>;
  recordsByKey: Map<string, StoredRecord[]>;
  goal: StoredGoal;
  check: KeyedWriteCheck;
  note: (text: string) => void;
}): void {
  const { goals, acknowledged, recordsByKey, check, note } = options;
  let lastTarget: number | null = null;
  for (const write of goals) {
    check.attempted += 1;
    const recorded = recordsByKey.get(write.key) ?? [];
    const outcome = recorded.length === 1 && recorded[0] ? (recordedSuccess(recorded[0].outcome) as { target?: unknown; previous?: unknown } | null) : null;
    if (recorded.length > 0) check.stored += 1;
    if (acknowledged.has(write.key)) {
      check.acknowledged += 1;
      if (recorded.length === 0) {
        check.lost += 1;
        note(`goal ${write.key}: acknowledged, but its recorded outcome is absent`);
      }
    }
    if (recorded.length === 0) continue;
    if (recorded.length > 1 || recorded[0]?.isError === true || outcome?.previous === write.weight) {
      check.duplicated += 1;
      note(`goal ${write.key}: ${recorded.length} outcomes, recorded ${recorded[0]?.outcome ?? "nothing"}`);
    }
    if (outcome?.target !== write.weight) {
      check.wrongValue += 1;
      note(`goal ${write.key}: recorded target ${String(outcome?.target)}, sent ${write.weight}`);
    }
    if ((outcome?.previous ?? null) !== lastTarget) {
      check.partial += 1;
      note(`goal ${write.key}: previous ${String(outcome?.previous)}, but the goal before it was ${String(lastTarget)}`);
    }
    lastTarget = write.weight;
  }
  if ((options.goal?.target ?? null) !== lastTarget) {
    check.partial += 1;
    note(`the goal left is ${String(options.goal?.target)}, but the last recorded goal write set ${String(lastTarget)}`);
  }
}

export function isCleanCheck(check: KeyedWriteCheck): boolean {
  return check.lost === 0 && check.duplicated === 0 && check.unexpected === 0 && check.partial === 0 && check.wrongValue === 0;
}
