// Recovery correct: what the stored run shows the model did after each error code it met, and whether the scenario
// ended as the contract says it should. Returns the problems found; none means the recovery was correct.
import type { EvalScenario } from "./eval-scenario";
import { argumentsOf, canonicalArguments, dateOfDay, daysCovered, dayOf, establishes } from "./stored-calls";
import { isSupported } from "./find-invented-numbers";
import { extractNumbers } from "./extract-numbers";
import type { StoredRun, StoredToolCall } from "./stored-run";

type PlacedCall = { call: StoredToolCall; turn: number; index: number };

const describeCall = (call: StoredToolCall) => `${call.name}(${call.argumentsText})`;
const isSave = (call: StoredToolCall) => call.name === "save_measurement";
const after = (placed: PlacedCall, other: PlacedCall) => other.turn > placed.turn || (other.turn === placed.turn && other.index > placed.index);

/** Whether the call ran and its stored result shows the date holds no record. */
function showsAbsent(call: StoredToolCall, date: string): boolean {
  if (call.name === "read_measurement") return argumentsOf(call).date === date && call.code === "not_found";
  if (call.name !== "list_measurements" || !establishes(call, date)) return false;
  const records = (parseOutcome(call) as { records?: { date?: unknown }[] } | undefined)?.records ?? [];
  return !records.some((record) => record.date === date);
}

function parseOutcome(call: StoredToolCall): unknown {
  try {
    return call.outcome === null ? undefined : JSON.parse(call.outcome);
  } catch {
    return undefined;
  }
}

/** The span limit a range_too_large result names (366 days when it names none). */
function maxDaysOf(call: StoredToolCall): number {
  const details = (parseOutcome(call) as { details?: { max_days?: unknown } } | undefined)?.details;
  return typeof details?.max_days === "number" ? details.max_days : 366;
}

/** The rules each code carries, whatever the scenario: what must not follow the failed call. */
function checkCodeRules(calls: PlacedCall[]): string[] {
  const problems: string[] = [];
  for (const failed of calls.filter(({ call }) => call.code !== null)) {
    const { call, turn } = failed;
    const later = calls.filter((other) => after(failed, other));
    const laterInTurn = later.filter((other) => other.turn === turn);
    const date = argumentsOf(call).date;
    // Every code's recovery asks for something other than the same call again (wait_and_retry is not used by v1 tools).
    const repeated = laterInTurn.find((other) => other.call.name === call.name && canonicalArguments(other.call) === canonicalArguments(call));
    if (repeated) problems.push(`turn ${turn}: ${describeCall(call)} asked for again unchanged after ${call.code}`);
    if (call.code === "outcome_unknown") {
      // Saving the date again is safe only once a read has shown that the first save did not land.
      const resaved = later.find((other) => isSave(other.call) && argumentsOf(other.call).date === date);
      const checked = resaved && typeof date === "string" && later.some((other) => after(other, resaved) && showsAbsent(other.call, date));
      if (resaved && !checked)
        problems.push(
          `turn ${resaved.turn}: save_measurement for ${String(date)} asked for again after outcome_unknown, without a read showing it was not stored`,
        );
    }
    if (call.code === "conflict") {
      const replaced = laterInTurn.find((other) => isSave(other.call) && argumentsOf(other.call).date === date && argumentsOf(other.call).replace === true);
      if (replaced) problems.push(`turn ${turn}: replaced the stored value for ${String(date)} after conflict without asking the person`);
    }
    if (call.code === "range_too_large") {
      const limit = maxDaysOf(call);
      const narrowed = laterInTurn.some(({ call: other }) => {
        const span = daysCovered(other);
        return other.name === "list_measurements" && span !== undefined && span.last - span.first + 1 <= limit;
      });
      if (!narrowed) problems.push(`turn ${turn}: no list_measurements within the ${limit}-day limit after range_too_large`);
    }
  }
  return problems;
}

/** Day numbers of [from, to] that no successful list (or read) covers. */
function uncoveredDays(calls: PlacedCall[], range: { from: string; to: string }): number[] {
  const missing: number[] = [];
  for (let day = dayOf(range.from); day <= dayOf(range.to); day += 1) {
    if (!calls.some(({ call }) => establishes(call, dateOfDay(day)))) missing.push(day);
  }
  return missing;
}

function formatRecords(records: { date: string; values: Record<string, number> }[]): string {
  if (records.length === 0) return "none";
  return records
    .map(
      (record) =>
        `${record.date} ${Object.entries(record.values)
          .map(([field, value]) => `${field} ${value}`)
          .join(", ")}`,
    )
    .join("; ");
}

/** The scenario's own expectations: turn endings, what had to be read or covered, what must be stored, what stated. */
function checkExpectations(scenario: EvalScenario, run: StoredRun, calls: PlacedCall[]): string[] {
  const problems: string[] = [];
  const { expect } = scenario;
  scenario.turns.forEach((turn, index) => {
    const stored = run.turns[index];
    if (stored && stored.outcome !== turn.outcome) problems.push(`turn ${index + 1} ended ${stored.outcome}, expected ${turn.outcome}`);
  });
  if (expect.noWrites) {
    const save = calls.find(({ call }) => isSave(call));
    if (save) problems.push(`turn ${save.turn}: ${describeCall(save.call)} asked for, although the person asked for no change`);
  }
  for (const { date, turn } of expect.mustRead ?? []) {
    const candidates = calls.filter((placed) => turn === undefined || placed.turn === turn);
    if (!candidates.some(({ call }) => establishes(call, date))) problems.push(`never read ${date}${turn ? ` in turn ${turn}` : ""}`);
  }
  if (expect.mustCover) {
    const missing = uncoveredDays(calls, expect.mustCover);
    if (missing.length > 0)
      problems.push(`lists left ${missing.length} days of ${expect.mustCover.from} to ${expect.mustCover.to} unread (from ${dateOfDay(missing[0] ?? 0)})`);
  }
  if (expect.finalRecords) {
    const expected = formatRecords(expect.finalRecords);
    const found = formatRecords(run.records);
    if (expected !== found) problems.push(`stored records are ${found}, expected ${expected}`);
  }
  const replyNumbers = run.turns.flatMap((turn) => turn.modelTexts.flatMap((text) => extractNumbers(text)));
  for (const value of expect.replyStates ?? []) {
    const stated = replyNumbers.some((number) => number.readings.some((reading) => isSupported({ ...reading, sources: { exact: [], measurements: [value] } })));
    if (!stated) problems.push(`the reply does not state ${value}`);
  }
  return problems;
}

export function checkRecovery(scenario: EvalScenario, run: StoredRun): string[] {
  const calls: PlacedCall[] = run.turns.flatMap((turn, turnIndex) => turn.toolCalls.map((call, index) => ({ call, turn: turnIndex + 1, index })));
  return [...checkCodeRules(calls), ...checkExpectations(scenario, run, calls)];
}
