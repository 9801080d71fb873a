// Fuzz drills: generated invalid arguments are all refused with problems and no exception; hostile notes survive store and replay
// unchanged, and notes with a lone surrogate (which SQLite could not store as sent) are refused before anything is written.
import fc from "fast-check";
import type { z } from "zod";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import { argumentProblemMessage } from "@/lib/outcome/argument-messages";
import { outcomeFromStored, serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { detailsOf } from "@/lib/outcome/argument-problem";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { listMeasurementsInputSchema, readMeasurementInputSchema, saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { noStorageFaults } from "@/lib/faults/storage-faults";
import { FUZZ_TODAY, fuzzedTools, hostileSaveArbitrary, invalidArgumentsValueArbitrary, loneSurrogateSaveArbitrary, type FuzzedTool } from "./arbitraries";
import { createCountingRegistry } from "./run-dispatch-fuzz";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

const schemas: Record<FuzzedTool, z.ZodType<Record<string, unknown>>> = {
  read_measurement: readMeasurementInputSchema,
  list_measurements: listMeasurementsInputSchema,
  save_measurement: saveMeasurementInputSchema,
};

/** A refusal's prose must stay short even when the payload is huge: received values are quoted, cut, never dumped. */
const MAX_MESSAGE_LENGTH = 1_000;

export async function runArgumentFuzz(options: { payloadsPerTool: number; seed?: number }): Promise<DrillReport & { accepted: unknown[] }> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const checker = createTargetChecker();
  const accepted: unknown[] = [];
  const figures: Record<string, number | string> = { seed };
  let uncaught = 0;
  let longestMessage = 0;
  for (const tool of fuzzedTools) {
    let refused = 0;
    for (const input of fc.sample(invalidArgumentsValueArbitrary(tool), { numRuns: options.payloadsPerTool, seed })) {
      try {
        const result = validateArguments({ schema: schemas[tool], input, today: FUZZ_TODAY });
        if (result.ok || result.problems.length === 0) {
          accepted.push(input);
          continue;
        }
        for (const problem of result.problems) {
          JSON.stringify(detailsOf(problem));
          for (const locale of ["en", "es", "pt"] as const) longestMessage = Math.max(longestMessage, argumentProblemMessage(problem, locale).length);
        }
        refused += 1;
      } catch (error) {
        uncaught += 1;
        checker.expect(false, `${tool}: ${String(error)} for ${fc.stringify(input).slice(0, 200)}`);
      }
    }
    figures[`${tool}_refused`] = `${refused}/${options.payloadsPerTool}`;
  }
  checker.expect(accepted.length === 0, `${accepted.length} invalid payloads accepted, e.g. ${fc.stringify(accepted[0]).slice(0, 200)}`);
  checker.expect(longestMessage <= MAX_MESSAGE_LENGTH, `a message of ${longestMessage} characters`);
  Object.assign(figures, { accepted: accepted.length, uncaught_exceptions: uncaught, longest_message: longestMessage });
  return {
    name: "fuzz-arguments",
    passed: checker.failures.length === 0,
    figures,
    failures: checker.failures,
    durationMs: performance.now() - started,
    accepted,
  };
}

const LONE_SURROGATE_TRACE_ID = "trc_fuzz_lone_surrogate";

/** Rows of both tables a save writes to: a refused save must leave both counts unchanged. */
async function countWrites(handle: DatabaseHandle, userId: string): Promise<number> {
  const { inspection } = createSqliteStore(handle);
  const measurements = await inspection.countRows({ table: "measurement", userId });
  return measurements + (await inspection.countRows({ table: "idempotency_record", userId }));
}

/** What is wrong with the dispatcher's answer to a save whose note holds a lone surrogate; empty when it is exact. */
function loneSurrogateRefusalProblems(result: Awaited<ReturnType<typeof dispatchToolCall>>): string[] {
  if (!result.outcome.isError) return ["accepted"];
  const content = result.outcome.content;
  const exact = {
    kind: "tool_error",
    version: 1,
    is_error: true,
    error: "bad_arguments",
    recovery: "correct_arguments",
    recoverable: true,
    trace_id: LONE_SURROGATE_TRACE_ID,
  };
  const problems = Object.entries(exact)
    .filter(([field, value]) => (content as Record<string, unknown>)[field] !== value)
    .map(([field]) => `${field}=${JSON.stringify((content as Record<string, unknown>)[field])}`);
  const details = content.details as { field?: unknown; reason?: unknown } | undefined;
  if (details?.field !== "note" || details.reason !== "lone_surrogate") problems.push(`details ${JSON.stringify(details)}`);
  if (result.handlerRan || result.attempts !== 0) problems.push(`handlerRan=${result.handlerRan} attempts=${result.attempts}`);
  // The refusal quotes the note with its lone surrogates escaped, so the answer is well-formed text itself.
  if (/\p{Cs}/u.test(result.serialized)) problems.push("the answer holds a lone surrogate");
  return problems;
}

/** Saves with a lone surrogate in the note, sent as a model's JSON text through the dispatcher with the real tools. */
async function refuseLoneSurrogateSaves(options: {
  handle: DatabaseHandle;
  userId: string;
  saves: number;
  seed: number;
  checker: ReturnType<typeof createTargetChecker>;
}) {
  const { handle, userId, checker } = options;
  const { registry, handlerRuns } = createCountingRegistry();
  const context: DispatchContext = {
    store: createSqliteStore(handle),
    userId,
    traceId: LONE_SURROGATE_TRACE_ID,
    locale: "en",
    today: FUZZ_TODAY,
    faults: noStorageFaults,
  };
  const counts = { refused: 0, writes: 0 };
  for (const [index, input] of fc.sample(loneSurrogateSaveArbitrary, { numRuns: options.saves, seed: options.seed }).entries()) {
    const before = await countWrites(handle, userId);
    const argumentsText = JSON.stringify(input);
    const result = await dispatchToolCall({
      name: "save_measurement",
      argumentsText,
      context: { ...context, idempotencyKey: `fuzz-lone-${index}` },
      registry,
      timeoutMs: 5_000,
    });
    const written = (await countWrites(handle, userId)) - before;
    counts.writes += written;
    const problems = loneSurrogateRefusalProblems(result);
    if (problems.length === 0 && written === 0) counts.refused += 1;
    else checker.expect(false, `lone surrogate ${index}: ${[...problems, `${written} rows written`].join(", ")} for ${argumentsText.slice(0, 160)}`);
  }
  return { ...counts, handlerRuns: [...handlerRuns.values()].reduce((sum, runs) => sum + runs, 0) };
}

export async function runHostileNoteFuzz(options: { saves: number; loneSurrogateSaves: number; seed?: number }): Promise<DrillReport> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const checker = createTargetChecker();
  const database = openTemporaryDatabase("palestra-fuzz-");
  const userId = await createTestUser(database.store, { id: "fuzz-user" });
  const { handle } = database;
  const counts = { identical_replays: 0, status_flips: 0, note_mismatches: 0, invalid_inputs: 0, uncaught_exceptions: 0 };
  const loneSurrogates = { refused: 0, writes: 0, handlerRuns: 0 };
  try {
    try {
      Object.assign(loneSurrogates, await refuseLoneSurrogateSaves({ handle, userId, saves: options.loneSurrogateSaves, seed, checker }));
    } catch (error) {
      counts.uncaught_exceptions += 1;
      checker.expect(false, `lone surrogates: ${String(error)}`);
    }
    const inputs = fc.sample(hostileSaveArbitrary, { numRuns: options.saves, seed });
    for (const [index, input] of inputs.entries()) {
      try {
        if (!validateArguments({ schema: saveMeasurementInputSchema, input, today: FUZZ_TODAY }).ok) counts.invalid_inputs += 1;
        const key = `fuzz-${index}`;
        const saved = await saveMeasurement({
          store: createSqliteStore(handle),
          userId,
          idempotencyKey: key,
          input,
          traceId: `trc_fuzz_${index}`,
          locale: "en",
        });
        const replay = await saveMeasurement({
          store: createSqliteStore(handle),
          userId,
          idempotencyKey: key,
          input,
          traceId: "trc_fuzz_replay",
          locale: "en",
        });
        const row = await createSqliteStore(handle).idempotency.find({ userId, key });
        const fromStored = row ? outcomeFromStored({ isError: row.isError, content: row.outcome }) : undefined;
        const record = await getMeasurementByDate({ store: createSqliteStore(handle), userId, date: input.date });
        const readOutcome = record ? successOutcome(record) : undefined;
        const readSerialized = readOutcome ? serializeOutcomeContent(readOutcome) : "";
        const readBack = outcomeFromStored({ isError: false, content: readSerialized || "{}" });
        const identical =
          saved.status === "executed" &&
          replay.status === "replayed" &&
          replay.serialized === saved.serialized &&
          row?.outcome === saved.serialized &&
          fromStored !== undefined &&
          serializeOutcomeContent(fromStored) === row.outcome &&
          serializeOutcomeContent(readBack) === readSerialized;
        if (identical) counts.identical_replays += 1;
        else checker.expect(false, `save ${index}: ${saved.status}/${replay.status}, replay identical ${replay.serialized === saved.serialized}`);
        const flags = [saved.outcome.isError, replay.outcome.isError, row?.isError, fromStored?.isError, readOutcome?.isError, readBack.isError];
        if (flags.some((flag) => flag !== false)) counts.status_flips += 1;
        if (record?.note !== input.note || (JSON.parse(readSerialized || "{}") as { note?: unknown }).note !== input.note) counts.note_mismatches += 1;
      } catch (error) {
        counts.uncaught_exceptions += 1;
        checker.expect(false, `save ${index}: ${String(error)}`);
      }
    }
  } finally {
    database.remove();
  }
  checker.expect(counts.identical_replays === options.saves, `${options.saves - counts.identical_replays} replays not byte-identical`);
  checker.expect(counts.status_flips === 0, `${counts.status_flips} status flips`);
  checker.expect(counts.note_mismatches === 0, `${counts.note_mismatches} notes changed by storage`);
  checker.expect(counts.invalid_inputs === 0, `${counts.invalid_inputs} generated saves were not valid`);
  checker.expect(
    loneSurrogates.refused === options.loneSurrogateSaves,
    `${options.loneSurrogateSaves - loneSurrogates.refused} lone-surrogate saves not refused exactly`,
  );
  checker.expect(
    loneSurrogates.writes === 0 && loneSurrogates.handlerRuns === 0,
    `lone-surrogate saves: ${loneSurrogates.writes} rows written, ${loneSurrogates.handlerRuns} handler runs`,
  );
  return {
    name: "fuzz-hostile-notes",
    passed: checker.failures.length === 0,
    figures: {
      seed,
      saves: options.saves,
      ...counts,
      lone_surrogate_refused: `${loneSurrogates.refused}/${options.loneSurrogateSaves}`,
      lone_surrogate_writes: loneSurrogates.writes,
      lone_surrogate_handler_runs: loneSurrogates.handlerRuns,
    },
    failures: checker.failures.slice(0, 5),
    durationMs: performance.now() - started,
  };
}
