// Fault matrix: BUSY, FULL and IOERR at every point of a save, once and persistently; each case classified per reliability.md, then resolved by its key.
import { and, count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/client";
import { idempotencyRecord, measurement } from "@/db/schema";
import { addDays } from "@/lib/measurements/dates";
import { saveMeasurement, type SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import type { WriteTransactionHooks } from "@/lib/measurements/run-write-transaction";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { findLeaks, type Leak } from "../support/find-leaks";
import { createFailingHandle } from "./failing-statements";
import { createStorageError, injectedCodes, sqliteMessages, type InjectedCode } from "./storage-error";

type Expected = { status: "write_failed" | "outcome_unknown"; phase: string; stored: boolean };

export type FaultCaseResult = {
  name: string;
  expected: Expected;
  /** Status and phase of every attempt while the fault was armed (one, or three when persistent). */
  attempts: string[];
  storedAfterFailure: boolean;
  /** What a save with the same key said once the fault was gone: the truth about the first attempt. */
  resolution: string;
  rowsAfterResolution: number;
  recordsAfterResolution: number;
  problems: string[];
};

const USER = "fault-matrix-user";
// Keys and dates carry a short label, not the code itself, so that a leaked "SQLITE_" can only come from the error.
const labelOf = (code: InjectedCode) => code.replace(/^SQLITE_/, "").toLowerCase();
const describeAttempt = (result: SaveMeasurementResult) => ("phase" in result ? `${result.status}/${result.phase}` : result.status);

function countFor(handle: DatabaseHandle, date: string, key: string) {
  const rows = handle.db.select({ value: count() }).from(measurement).where(and(eq(measurement.userId, USER), eq(measurement.date, date))).get()?.value ?? 0;
  const records = handle.db.select({ value: count() }).from(idempotencyRecord).where(and(eq(idempotencyRecord.userId, USER), eq(idempotencyRecord.key, key))).get()?.value ?? 0;
  return { rows, records };
}

/** Shared by all cases: runs the armed attempts, checks each against the expectation, then resolves the key without the fault. */
async function runCase(options: {
  name: string;
  handle: DatabaseHandle;
  key: string;
  input: SaveMeasurementInput;
  expected: Expected;
  persistent: boolean;
  /** A save while the fault is armed. */
  attempt: () => Promise<SaveMeasurementResult>;
  disarm: () => void;
  /** Rows of this date stored before the case (an update case starts with one). */
  rowsBefore: number;
  leaks: Leak[];
  forbidden: string[];
}): Promise<FaultCaseResult> {
  const { handle, key, input, expected } = options;
  const problems: string[] = [];
  const attempts: string[] = [];
  const scan = (result: SaveMeasurementResult) => {
    for (const text of [result.serialized, JSON.stringify(result.outcome)]) options.leaks.push(...findLeaks(text, { forbidden: options.forbidden }));
  };
  const first = await options.attempt();
  scan(first);
  attempts.push(describeAttempt(first));
  if (first.status !== expected.status || !("phase" in first) || first.phase !== expected.phase) {
    problems.push(`expected ${expected.status}/${expected.phase}, got ${describeAttempt(first)}`);
  }
  const afterFirst = countFor(handle, input.date, key);
  const storedAfterFailure = afterFirst.records === 1;
  if (storedAfterFailure !== expected.stored) problems.push(`stored after failure: ${storedAfterFailure}, expected ${expected.stored}`);
  if (first.status === "write_failed" && (afterFirst.records !== 0 || afterFirst.rows !== options.rowsBefore)) problems.push("write_failed, yet something was written");
  if (options.persistent) {
    for (let again = 0; again < 2; again += 1) {
      const next = await options.attempt();
      scan(next);
      attempts.push(describeAttempt(next));
      // While the fault persists, an uncommitted key fails again; a committed one replays from its record.
      const acceptable = storedAfterFailure ? next.status === "replayed" : next.status === "write_failed" || next.status === "outcome_unknown";
      if (!acceptable) problems.push(`persistent attempt ${again + 2}: ${describeAttempt(next)}`);
      if (next.status === "write_failed" && countFor(handle, input.date, key).records !== 0) problems.push("a persistent write_failed left a record");
    }
  }
  options.disarm();
  const resolution = await saveMeasurement({ handle, userId: USER, idempotencyKey: key, input, traceId: "trc_resolve", locale: "en" });
  scan(resolution);
  const expectedResolution = storedAfterFailure ? "replayed" : "executed";
  if (resolution.status !== expectedResolution) problems.push(`resolution ${resolution.status}, expected ${expectedResolution}`);
  const after = countFor(handle, input.date, key);
  if (after.rows !== 1 || after.records !== 1) problems.push(`after resolution: ${after.rows} rows, ${after.records} records`);
  const row = handle.db.select().from(measurement).where(and(eq(measurement.userId, USER), eq(measurement.date, input.date))).get();
  if (row?.weightKg !== input.values.weight_kg) problems.push(`stored weight ${row?.weightKg}, sent ${input.values.weight_kg}`);
  return {
    name: options.name,
    expected,
    attempts,
    storedAfterFailure,
    resolution: resolution.status,
    rowsAfterResolution: after.rows,
    recordsAfterResolution: after.records,
    problems,
  };
}

type Scenario = "insert" | "update";

/** Prepares a case's date: an update case first stores another value under another key, then replaces it. */
async function prepareScenario(options: { handle: DatabaseHandle; scenario: Scenario; date: string; key: string }) {
  const { handle, scenario, date, key } = options;
  if (scenario === "update") {
    const seeded = await saveMeasurement({ handle, userId: USER, idempotencyKey: `${key}-seed`, input: { date, values: { weight_kg: 70 } }, traceId: "trc_seed", locale: "en" });
    if (seeded.status !== "executed") throw new Error(`seeding ${date} failed: ${seeded.status}`);
  }
  const input: SaveMeasurementInput = scenario === "update" ? { date, values: { weight_kg: 71.5 }, replace: true } : { date, values: { weight_kg: 71.5 } };
  return { input, rowsBefore: scenario === "update" ? 1 : 0 };
}

/** The statements of a fault-free save, and the phase each one belongs to by its position around BEGIN and COMMIT. */
async function statementPhases(database: TemporaryDatabase, scenario: Scenario, date: string): Promise<string[]> {
  const failing = createFailingHandle(database.handle);
  const { input } = await prepareScenario({ handle: database.handle, scenario, date, key: `dry-${scenario}` });
  failing.arm(undefined);
  const result = await saveMeasurement({ handle: failing.handle, userId: USER, idempotencyKey: `dry-${scenario}`, input, traceId: "trc_dry", locale: "en" });
  if (result.status !== "executed") throw new Error(`the dry run of ${scenario} did not execute: ${result.status}`);
  let phase = "before_begin";
  return failing.preparedStatements().map((source) => {
    if (/^BEGIN/i.test(source)) phase = "begin";
    else if (/^COMMIT/i.test(source)) phase = "commit";
    else if (phase === "begin") phase = "body";
    return phase;
  });
}

export async function runFaultMatrix(): Promise<DrillReport & { cases: FaultCaseResult[]; leaks: Leak[] }> {
  const started = performance.now();
  const cases: FaultCaseResult[] = [];
  const leaks: Leak[] = [];
  const database = openTemporaryDatabase("palestra-fault-matrix-");
  const forbidden = [...Object.values(sqliteMessages), database.file, database.directory];
  createTestUser({ db: database.handle.db, id: USER });
  let day = 0;
  const nextDate = () => addDays("2001-01-01", day++);
  try {
    const failing = createFailingHandle(database.handle);
    // 1. The Nth statement fails, N moving forward until the save runs out of statements, once and persistently.
    for (const scenario of ["insert", "update"] as const) {
      const phases = await statementPhases(database, scenario, nextDate());
      for (const code of injectedCodes) {
        for (const persistent of [false, true]) {
          for (let failAt = 1; failAt <= phases.length; failAt += 1) {
            const date = nextDate();
            const key = `statement-${scenario}-${labelOf(code)}-${persistent ? "persistent" : "once"}-${failAt}`;
            const { input, rowsBefore } = await prepareScenario({ handle: database.handle, scenario, date, key });
            const phase = phases[failAt - 1] as string;
            const expected: Expected = { status: phase === "commit" ? "outcome_unknown" : "write_failed", phase, stored: false };
            failing.arm({ failAt, persistent, createError: () => createStorageError(code) });
            cases.push(
              await runCase({
                name: `${scenario}, ${code}, statement ${failAt} (${phase}), ${persistent ? "persistent" : "once"}`,
                handle: database.handle,
                key,
                input,
                expected,
                persistent,
                attempt: () => saveMeasurement({ handle: failing.handle, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" }),
                disarm: () => failing.arm(undefined),
                rowsBefore,
                leaks,
                forbidden,
              }),
            );
          }
        }
      }
    }
    // 2. The hooks of saveMeasurement: before the body, in place of COMMIT (not committed, or committed then failing), after COMMIT.
    const hookPoints: { name: string; expected: Omit<Expected, "phase"> & { phase: string }; hooks: (error: () => Error) => WriteTransactionHooks }[] = [
      { name: "before body", expected: { status: "write_failed", phase: "body", stored: false }, hooks: (error) => ({ beforeBody: () => { throw error(); } }) },
      { name: "in place of COMMIT", expected: { status: "outcome_unknown", phase: "commit", stored: false }, hooks: (error) => ({ inPlaceOfCommit: () => { throw error(); } }) },
      {
        name: "at COMMIT, after it took effect",
        expected: { status: "outcome_unknown", phase: "commit", stored: true },
        hooks: (error) => ({ inPlaceOfCommit: () => { database.handle.sqlite.prepare("COMMIT").run(); throw error(); } }),
      },
      { name: "after COMMIT", expected: { status: "outcome_unknown", phase: "after_commit", stored: true }, hooks: (error) => ({ afterCommit: () => { throw error(); } }) },
    ];
    for (const point of hookPoints) {
      for (const code of injectedCodes) {
        for (const persistent of [false, true]) {
          const date = nextDate();
          const key = `hook-${point.name}-${labelOf(code)}-${persistent ? "persistent" : "once"}`;
          const input: SaveMeasurementInput = { date, values: { weight_kg: 71.5 } };
          const hooks = point.hooks(() => createStorageError(code));
          cases.push(
            await runCase({
              name: `hook ${point.name}, ${code}, ${persistent ? "persistent" : "once"}`,
              handle: database.handle,
              key,
              input,
              expected: point.expected,
              persistent,
              attempt: () => saveMeasurement({ handle: database.handle, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en", hooks }),
              disarm: () => {},
              rowsBefore: 0,
              leaks,
              forbidden,
            }),
          );
        }
      }
    }
    // 3. A real SQLITE_BUSY at BEGIN IMMEDIATE: another connection holds the write lock past a short busy timeout.
    for (const persistent of [false, true]) {
      const blocker = database.reopen();
      const date = nextDate();
      const key = `real-busy-${persistent ? "persistent" : "once"}`;
      const input: SaveMeasurementInput = { date, values: { weight_kg: 71.5 } };
      database.handle.sqlite.pragma("busy_timeout = 50");
      blocker.sqlite.prepare("BEGIN IMMEDIATE").run();
      cases.push(
        await runCase({
          name: `real BUSY at BEGIN, ${persistent ? "persistent" : "once"}`,
          handle: database.handle,
          key,
          input,
          expected: { status: "write_failed", phase: "begin", stored: false },
          persistent,
          attempt: () => saveMeasurement({ handle: database.handle, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" }),
          disarm: () => {
            blocker.sqlite.prepare("ROLLBACK").run();
            blocker.sqlite.close();
            database.handle.sqlite.pragma("busy_timeout = 5000");
          },
          rowsBefore: 0,
          leaks,
          forbidden,
        }),
      );
    }
  } finally {
    database.remove();
  }
  cases.push(...(await runRealFullCases({ leaks })));

  const checker = createTargetChecker();
  const misclassified = cases.filter((each) => each.problems.length > 0);
  for (const each of misclassified) checker.expect(false, `${each.name}: ${each.problems.join(", ")}`);
  const duplicates = cases.filter((each) => each.rowsAfterResolution > 1 || each.recordsAfterResolution > 1).length;
  checker.expect(duplicates === 0, `${duplicates} duplicated changes`);
  checker.expect(leaks.length === 0, `leaks: ${leaks.slice(0, 3).map((leak) => `${leak.label} '${leak.excerpt}'`).join(", ")}`);
  const unknown = cases.filter((each) => each.expected.status === "outcome_unknown");
  return {
    name: "fault-matrix",
    passed: checker.failures.length === 0,
    figures: {
      cases: cases.length,
      classified_as_expected: cases.length - misclassified.length,
      write_failed_cases: cases.length - unknown.length,
      outcome_unknown_cases: unknown.length,
      resolved_replayed: cases.filter((each) => each.resolution === "replayed").length,
      resolved_executed: cases.filter((each) => each.resolution === "executed").length,
      duplicates,
      leaks: leaks.length,
    },
    failures: checker.failures,
    durationMs: performance.now() - started,
    cases,
    leaks,
  };
}

/** A real SQLITE_FULL: the file may not grow past its current pages, and saves with long notes soon need a new one. */
async function runRealFullCases(options: { leaks: Leak[] }): Promise<FaultCaseResult[]> {
  const results: FaultCaseResult[] = [];
  for (const persistent of [false, true]) {
    const database = openTemporaryDatabase("palestra-fault-full-");
    const forbidden = [...Object.values(sqliteMessages), database.file, database.directory];
    createTestUser({ db: database.handle.db, id: USER });
    try {
      const pages = Number(database.handle.sqlite.pragma("page_count", { simple: true }));
      database.handle.sqlite.pragma(`max_page_count = ${pages}`);
      let filled: FaultCaseResult | undefined;
      for (let index = 0; index < 200 && !filled; index += 1) {
        const key = `real-full-${persistent ? "persistent" : "once"}-${index}`;
        const input: SaveMeasurementInput = { date: addDays("2001-01-01", index), values: { weight_kg: 71.5 }, note: "n".repeat(2_000) };
        const probe = await saveMeasurement({ handle: database.handle, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" });
        if (probe.status === "executed") continue;
        const code = probe.status === "write_failed" || probe.status === "outcome_unknown" ? (probe.error as { code?: string }).code : undefined;
        let first = true;
        filled = await runCase({
          name: `real FULL (max_page_count), ${persistent ? "persistent" : "once"}`,
          handle: database.handle,
          key,
          input,
          expected: { status: "write_failed", phase: "body", stored: false },
          persistent,
          // The first attempt already happened (it is what filled the file); later ones run for real while the limit holds.
          attempt: async () => {
            if (first) {
              first = false;
              return probe;
            }
            return saveMeasurement({ handle: database.handle, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" });
          },
          disarm: () => database.handle.sqlite.pragma("max_page_count = 1073741823"),
          rowsBefore: 0,
          leaks: options.leaks,
          forbidden,
        });
        if (code !== "SQLITE_FULL") filled.problems.push(`the failure was ${code ?? "not a storage error"}, not SQLITE_FULL`);
      }
      results.push(
        filled ?? {
          name: `real FULL, ${persistent ? "persistent" : "once"}`,
          expected: { status: "write_failed", phase: "body", stored: false },
          attempts: [],
          storedAfterFailure: false,
          resolution: "none",
          rowsAfterResolution: 0,
          recordsAfterResolution: 0,
          problems: ["max_page_count never produced SQLITE_FULL"],
        },
      );
    } finally {
      database.remove();
    }
  }
  return results;
}
