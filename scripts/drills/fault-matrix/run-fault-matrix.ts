// Fault matrix: BUSY, FULL and IOERR at every point of a save, once and persistently; each case classified per RELIABILITY.md, then resolved by its key.
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { addDays } from "@/lib/measurements/dates";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { WriteTransactionHooks } from "@/lib/store/measurement-store";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import type { Leak } from "../support/find-leaks";
import { runCase, USER, type Expected, type FaultCaseResult } from "./fault-case";
import { createFailingHandle } from "./failing-statements";
import { runRealFullCases } from "./real-full-cases";
import { createStorageError, injectedCodes, sqliteMessages, type InjectedCode } from "./storage-error";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

// Keys and dates carry a short label, not the code itself, so that a leaked "SQLITE_" can only come from the error.
const labelOf = (code: InjectedCode) => code.replace(/^SQLITE_/, "").toLowerCase();

/**
 * "re-run" is an insert that looks its key up before the transaction, as "Save it now" runs an uncertain write again
 * (`lookUpFirst`; with QA faults on every write does): one more failure point, before BEGIN.
 */
type Scenario = "insert" | "update" | "re-run";

/** Prepares a case's date: an update case first stores another value under another key, then replaces it. */
async function prepareScenario(options: { handle: DatabaseHandle; scenario: Scenario; date: string; key: string }) {
  const { handle, scenario, date, key } = options;
  if (scenario === "update") {
    const seeded = await saveMeasurement({
      store: createSqliteStore(handle),
      userId: USER,
      idempotencyKey: `${key}-seed`,
      input: { date, values: { weight_kg: 70 } },
      traceId: "trc_seed",
      locale: "en",
    });
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
  const result = await saveMeasurement({
    store: createSqliteStore(failing.handle),
    userId: USER,
    idempotencyKey: `dry-${scenario}`,
    input,
    traceId: "trc_dry",
    locale: "en",
    lookUpFirst: scenario === "re-run",
  });
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
  await createTestUser(database.store, { id: USER });
  let day = 0;
  const nextDate = () => addDays("2001-01-01", day++);
  try {
    const failing = createFailingHandle(database.handle);
    // 1. The Nth statement fails, N moving forward until the save runs out of statements, once and persistently.
    for (const scenario of ["insert", "update", "re-run"] as const) {
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
                attempt: () =>
                  saveMeasurement({
                    store: createSqliteStore(failing.handle),
                    userId: USER,
                    idempotencyKey: key,
                    input,
                    traceId: "trc_fault",
                    locale: "en",
                    lookUpFirst: scenario === "re-run",
                  }),
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
      {
        name: "before body",
        expected: { status: "write_failed", phase: "body", stored: false },
        hooks: (error) => ({
          beforeBody: () => {
            throw error();
          },
        }),
      },
      {
        name: "in place of COMMIT",
        expected: { status: "outcome_unknown", phase: "commit", stored: false },
        hooks: (error) => ({
          inPlaceOfCommit: () => {
            throw error();
          },
        }),
      },
      {
        name: "at COMMIT, after it took effect",
        expected: { status: "outcome_unknown", phase: "commit", stored: true },
        hooks: (error) => ({
          inPlaceOfCommit: () => {
            database.handle.sqlite.prepare("COMMIT").run();
            throw error();
          },
        }),
      },
      {
        name: "after COMMIT",
        expected: { status: "outcome_unknown", phase: "after_commit", stored: true },
        hooks: (error) => ({
          afterCommit: () => {
            throw error();
          },
        }),
      },
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
              attempt: () => saveMeasurement({ store: database.store, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en", hooks }),
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
          attempt: () => saveMeasurement({ store: database.store, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" }),
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
  checker.expect(
    leaks.length === 0,
    `leaks: ${leaks
      .slice(0, 3)
      .map((leak) => `${leak.label} '${leak.excerpt}'`)
      .join(", ")}`,
  );
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
