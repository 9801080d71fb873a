// Fault matrix through the turn loop: each write fault that leaves the outcome unknown must end the turn after ONE model
// request and ONE save execution, the key must then tell the truth, and nothing the model or browser got may leak internals.
import { and, count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { idempotencyRecord, measurement } from "@/db/sqlite/schema";
import type { ModelResponse } from "@/lib/agent/providers/types";
import { runTurn } from "@/lib/agent/run-turn";
import { toolsByName } from "@/lib/agent/tools/index";
import { saveMeasurementTool } from "@/lib/agent/tools/save-measurement";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import type { TurnEvent } from "@/lib/agent/turn-events";
import { checkUncertainWrite } from "@/lib/agent/uncertain-writes";
import { armFault } from "@/lib/faults/manage-faults";
import type { FaultMode } from "@/lib/faults/fault-modes";
import type { WriteTransactionHooks } from "@/lib/store/measurement-store";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createScriptedProvider } from "@/tests/support/agent-fixtures";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { findLeaks } from "../support/find-leaks";
import { createStorageError, sqliteMessages } from "./storage-error";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

const TODAY = "2026-03-10";

type TurnFaultCase = {
  name: string;
  /** Whether the data is stored once the fault has struck: what the key must report afterwards. */
  stored: boolean;
  /** Storage hooks passed to the real saveMeasurement by the registry's save tool. */
  hooks?: (handle: DatabaseHandle) => WriteTransactionHooks;
  /** A QA fault armed for the user (the production injection path, through createStorageFaults). */
  qaFault?: FaultMode;
  toolTimeoutMs?: number;
};

export const turnFaultCases: TurnFaultCase[] = [
  {
    name: "busy-in-place-of-commit",
    stored: false,
    hooks: () => ({
      inPlaceOfCommit: () => {
        throw createStorageError("SQLITE_BUSY");
      },
    }),
  },
  {
    name: "ioerr-after-real-commit",
    stored: true,
    hooks: (handle) => ({
      inPlaceOfCommit: () => {
        handle.sqlite.prepare("COMMIT").run();
        throw createStorageError("SQLITE_IOERR_WRITE");
      },
    }),
  },
  {
    name: "full-after-commit",
    stored: true,
    hooks: () => ({
      afterCommit: () => {
        throw createStorageError("SQLITE_FULL");
      },
    }),
  },
  { name: "qa-lost-ack", stored: true, qaFault: "lost_ack" },
  { name: "qa-timeout-deadline", stored: false, qaFault: "timeout", toolTimeoutMs: 150 },
];

/** The real tools; save_measurement counts its executions and, when given hooks, runs the real save with them. */
function createSaveRegistry(hooks: WriteTransactionHooks | undefined): { registry: Map<string, ToolDefinition>; saveRuns: () => number } {
  let runs = 0;
  const save: ToolDefinition = {
    ...saveMeasurementTool,
    run: async (input, context) => {
      runs += 1;
      if (!hooks) return saveMeasurementTool.run(input, context);
      // The same call the save tool makes (save-measurement.ts in lib/agent/tools), plus the hooks it does not pass.
      context.onAttempt();
      const { store, userId, traceId, locale, faults, signal, alsoWrite } = context;
      const result = await saveMeasurement({
        store,
        userId,
        idempotencyKey: context.idempotencyKey as string,
        input: input as SaveMeasurementInput,
        traceId,
        locale,
        faults,
        signal,
        alsoWrite,
        hooks,
      });
      return { outcome: result.outcome, serialized: result.serialized };
    },
  };
  return { registry: new Map([...toolsByName, [save.name, save]]), saveRuns: () => runs };
}

export type TurnFaultCaseResult = { name: string; stoppedAfterOneSave: boolean; keyToldTruth: boolean; problems: string[]; leaks: string[] };

export async function runTurnFaultCase(faultCase: TurnFaultCase, index: number): Promise<TurnFaultCaseResult> {
  const database = openTemporaryDatabase("palestra-turn-faults-");
  const { handle } = database;
  const problems: string[] = [];
  try {
    const userId = await createTestUser(database.store, { id: `turn-fault-user-${index}` });
    if (faultCase.qaFault) await armFault({ store: createSqliteStore(handle), userId, input: { target: "write", mode: faultCase.qaFault, count: 1 } });
    const { registry, saveRuns } = createSaveRegistry(faultCase.hooks?.(handle));
    const date = "2026-03-01";
    const saveCall: ModelResponse = {
      text: "",
      toolCalls: [{ callId: "call_save_1", name: "save_measurement", arguments: JSON.stringify({ date, values: { weight_kg: 71.5 } }) }],
    };
    // A second step the loop must never reach: an outcome_unknown ends the turn without asking the model again.
    const provider = createScriptedProvider([saveCall, { text: "Saved it again.", toolCalls: [] }]);
    const events: TurnEvent[] = [];
    const result = await runTurn({
      store: database.store,
      userId,
      message: "I weighed 71.5 kg on March 1st",
      locale: "en",
      provider,
      registry,
      today: TODAY,
      faultsEnabled: faultCase.qaFault !== undefined,
      toolTimeoutMs: faultCase.toolTimeoutMs,
      onEvent: (event) => events.push(event),
    });
    // A write still running past its deadline must not land later: wait before asking the key.
    await new Promise((resolve) => setTimeout(resolve, 100));

    if (result.outcome !== "stopped_outcome_unknown") problems.push(`turn outcome ${result.outcome}`);
    if (result.modelRequests !== 1 || provider.requests.length !== 1) problems.push(`${provider.requests.length} model requests`);
    if (saveRuns() !== 1) problems.push(`${saveRuns()} save executions`);
    const stoppedAfterOneSave = problems.length === 0;
    let keyToldTruth = false;
    const call = result.toolCalls[0];
    if (result.toolCalls.length !== 1 || call?.error !== "outcome_unknown" || !call.idempotencyKey)
      problems.push(`tool calls ${JSON.stringify(result.toolCalls)}`);
    if (call?.idempotencyKey) {
      const records =
        handle.db
          .select({ value: count() })
          .from(idempotencyRecord)
          .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, call.idempotencyKey)))
          .get()?.value ?? 0;
      const rows =
        handle.db
          .select({ value: count() })
          .from(measurement)
          .where(and(eq(measurement.userId, userId), eq(measurement.date, date)))
          .get()?.value ?? 0;
      const check = await checkUncertainWrite({ store: createSqliteStore(handle), userId, toolCallId: call.id });
      const truth = records === 1 && rows === 1 ? "saved" : "not_saved";
      if (records !== rows) problems.push(`${records} key records but ${rows} measurement rows`);
      keyToldTruth = check?.resolution === truth && records === rows;
      if (check?.resolution !== truth) problems.push(`the key says ${check?.resolution}, the database says ${truth}`);
      if ((truth === "saved") !== faultCase.stored) problems.push(`stored ${truth === "saved"}, expected ${faultCase.stored}`);
    }

    // Everything the model received (its one request, and the tool result the loop recorded for it) and the browser's events.
    const received = [JSON.stringify(provider.requests), JSON.stringify(result.toolCalls), JSON.stringify(events), result.reply];
    const forbidden = [...Object.values(sqliteMessages), database.file, database.directory];
    const leaks = received.flatMap((text) => findLeaks(text, { forbidden })).map((leak) => `${faultCase.name}: ${leak.label} '${leak.excerpt}'`);
    return { name: faultCase.name, stoppedAfterOneSave, keyToldTruth, problems, leaks };
  } finally {
    database.remove();
  }
}

export async function runTurnFaultMatrix(): Promise<DrillReport & { cases: TurnFaultCaseResult[] }> {
  const started = performance.now();
  const checker = createTargetChecker();
  const cases: TurnFaultCaseResult[] = [];
  for (const [index, faultCase] of turnFaultCases.entries()) cases.push(await runTurnFaultCase(faultCase, index));
  for (const result of cases) for (const problem of result.problems) checker.expect(false, `${result.name}: ${problem}`);
  const leaks = cases.flatMap((result) => result.leaks);
  checker.expect(leaks.length === 0, `leaks: ${leaks.slice(0, 3).join("; ")}`);
  const stopped = cases.filter((result) => result.stoppedAfterOneSave).length;
  const truthful = cases.filter((result) => result.keyToldTruth).length;
  return {
    name: "fault-matrix-turns",
    passed: checker.failures.length === 0,
    figures: {
      cases: cases.length,
      stopped_after_one_request_and_one_save: `${stopped}/${cases.length}`,
      keys_told_truth: `${truthful}/${cases.length}`,
      leaks: leaks.length,
    },
    failures: checker.failures,
    durationMs: performance.now() - started,
    cases,
  };
}
