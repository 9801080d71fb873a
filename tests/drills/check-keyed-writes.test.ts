// The set checker of the crash drill reports each kind of violation it exists to catch.
import { describe, expect, it } from "vitest";
import { checkKeyedWrites, isCleanCheck } from "@/scripts/drills/crash/check-keyed-writes";
import { keyedWriteAt } from "@/scripts/drills/crash/keyed-writes";

const writes = [0, 1, 2].map(keyedWriteAt);
const rowOf = (index: number) => ({ date: writes[index]!.date, weightKg: writes[index]!.weight });
const recordOf = (index: number, created = true) => ({
  key: writes[index]!.key,
  isError: false,
  outcome: JSON.stringify({ date: writes[index]!.date, values: { weight_kg: writes[index]!.weight }, created, idempotency_key: writes[index]!.key }),
});
const allAcknowledged = new Set(writes.map((write) => write.key));

describe("checkKeyedWrites", () => {
  it("passes a store holding each acknowledged key exactly once", () => {
    const check = checkKeyedWrites({
      attempted: writes,
      acknowledged: allAcknowledged,
      measurements: [0, 1, 2].map(rowOf),
      records: [0, 1, 2].map((index) => recordOf(index)),
    });
    expect(check).toMatchObject({ attempted: 3, acknowledged: 3, stored: 3, lost: 0, duplicated: 0, unexpected: 0, partial: 0, wrongValue: 0 });
    expect(isCleanCheck(check)).toBe(true);
  });

  it("accepts an unacknowledged key that is absent (it may or may not have happened)", () => {
    const check = checkKeyedWrites({ attempted: writes, acknowledged: new Set([writes[0]!.key]), measurements: [rowOf(0)], records: [recordOf(0)] });
    expect(isCleanCheck(check)).toBe(true);
    expect(check.stored).toBe(1);
  });

  it("reports an acknowledged key that is absent as lost", () => {
    const check = checkKeyedWrites({
      attempted: writes,
      acknowledged: allAcknowledged,
      measurements: [0, 1].map(rowOf),
      records: [0, 1].map((index) => recordOf(index)),
    });
    expect(check.lost).toBe(1);
    expect(isCleanCheck(check)).toBe(false);
  });

  it("reports a change without its outcome as partial", () => {
    const check = checkKeyedWrites({
      attempted: writes,
      acknowledged: new Set(),
      measurements: [0, 1, 2].map(rowOf),
      records: [0, 1].map((index) => recordOf(index)),
    });
    expect(check.partial).toBe(1);
  });

  it("reports a second outcome, a second row, or an outcome of a second execution as duplicated", () => {
    const twoOutcomes = checkKeyedWrites({
      attempted: writes,
      acknowledged: allAcknowledged,
      measurements: [0, 1, 2].map(rowOf),
      records: [recordOf(0), recordOf(0), recordOf(1), recordOf(2)],
    });
    expect(twoOutcomes.duplicated).toBe(1);
    const twoRows = checkKeyedWrites({
      attempted: writes,
      acknowledged: allAcknowledged,
      measurements: [rowOf(0), rowOf(0), rowOf(1), rowOf(2)],
      records: [0, 1, 2].map((index) => recordOf(index)),
    });
    expect(twoRows.duplicated).toBe(1);
    const executedTwice = checkKeyedWrites({
      attempted: writes,
      acknowledged: allAcknowledged,
      measurements: [0, 1, 2].map(rowOf),
      records: [recordOf(0), recordOf(1, false), recordOf(2)],
    });
    expect(executedTwice.duplicated).toBe(1);
  });

  it("reports rows and outcomes no write attempted as unexpected, and a wrong value", () => {
    const stray = { date: "1980-01-01", weightKg: 70 };
    const strayRecord = { key: "crash-99", isError: false, outcome: "{}" };
    const check = checkKeyedWrites({
      attempted: writes,
      acknowledged: allAcknowledged,
      measurements: [rowOf(0), rowOf(1), { ...rowOf(2), weightKg: 99 }, stray],
      records: [0, 1, 2].map((index) => recordOf(index)).concat(strayRecord),
    });
    expect(check.unexpected).toBe(2);
    expect(check.wrongValue).toBe(1);
  });
});

describe("checkKeyedWrites for set_goal writes", () => {
  // Writes 9 and 19 are goals (every tenth), each setting its own target.
  const goals = [9, 19].map(keyedWriteAt);
  const goalRecord = (index: number, previous: number | null) => ({
    key: goals[index]!.key,
    isError: false,
    outcome: JSON.stringify({ field: "weight_kg", target: goals[index]!.weight, previous, idempotency_key: goals[index]!.key }),
  });
  const base = { attempted: goals, acknowledged: new Set(goals.map((write) => write.key)), measurements: [] };

  it("passes goals recorded once each, chained by previous, with the last target left", () => {
    expect(goals.every((write) => write.kind === "goal")).toBe(true);
    const check = checkKeyedWrites({ ...base, records: [goalRecord(0, null), goalRecord(1, goals[0]!.weight)], goal: { target: goals[1]!.weight } });
    expect(check).toMatchObject({ attempted: 2, acknowledged: 2, stored: 2 });
    expect(isCleanCheck(check)).toBe(true);
  });

  it("catches an acknowledged goal with no record (lost)", () => {
    const check = checkKeyedWrites({ ...base, records: [goalRecord(0, null)], goal: { target: goals[0]!.weight } });
    expect(check.lost).toBe(1);
  });

  it("catches a goal executed twice (its record names its own target as previous)", () => {
    const check = checkKeyedWrites({
      ...base,
      records: [goalRecord(0, goals[0]!.weight), goalRecord(1, goals[0]!.weight)],
      goal: { target: goals[1]!.weight },
    });
    expect(check.duplicated).toBe(1);
  });

  it("catches a change without its record, or a record without its change (partial)", () => {
    const changeOnly = checkKeyedWrites({ ...base, acknowledged: new Set(), records: [goalRecord(0, null)], goal: { target: goals[1]!.weight } });
    expect(changeOnly.partial).toBe(1);
    const recordOnly = checkKeyedWrites({ ...base, records: [goalRecord(0, null), goalRecord(1, goals[0]!.weight)], goal: { target: goals[0]!.weight } });
    expect(recordOnly.partial).toBe(1);
  });
});
