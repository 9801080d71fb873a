// Runs every scenario of the battery `runs` times, each run on a fresh scratch database with a fresh provider, bounded
// in model requests (the harness's round limit) and in time (a deadline that aborts the model request in flight).
// A run that the provider failed is recorded as a provider error and is not scored as the model's behaviour.
import type { EvalScenario } from "./eval-scenario";
import { minimumRequestsOf } from "./eval-scenario";
import { ProviderError, runScenarioTurns, type ModelProvider } from "./run-scenario-turns";
import { scoreRun, type RunScores } from "./score-run";
import type { StoredRun } from "./stored-run";

export type RunStatus = "scored" | "provider_error" | "timed_out" | "harness_error";

export type RunRecord = {
  run: number;
  status: RunStatus;
  durationMs: number;
  /** For provider_error: how the model API failed, as the adapter classified it. */
  providerFailure?: { kind: string; message: string };
  /** For harness_error and timed_out: what went wrong on our side. */
  error?: string;
  turns: {
    message: string;
    outcome: string | null;
    modelRequests: number;
    /** The model's own text; the harness's stop message is kept apart. */
    reply: string;
    harnessReply: string;
    toolCalls: { name: string; arguments: string; result: string }[];
    inputTokens: number | null;
    outputTokens: number | null;
  }[];
  scores?: RunScores;
};

export type ScenarioResult = {
  id: string;
  title: string;
  purpose: string;
  language: string;
  minimumRequests: number;
  /** Why each turn's minimum is what it is, turn by turn. */
  minimumReasons: string[];
  runs: RunRecord[];
};

/** The run's deadline passed: the model request in flight was aborted with this reason. */
export class EvalRunTimeoutError extends Error {}

/** Extra time after the deadline for the aborted turn to store what it has before the run is given up on. */
const ABANDON_GRACE_MS = 10_000;

/** The provider with the run's deadline on every request, and the last provider failure it saw. */
function withDeadline(provider: ModelProvider, signal: AbortSignal, failures: ProviderError[]): ModelProvider {
  return {
    name: provider.name,
    model: provider.model,
    async generate(request, options) {
      signal.throwIfAborted();
      try {
        return await provider.generate(request, { ...options, signal });
      } catch (error) {
        if (error instanceof ProviderError) failures.push(error);
        throw error;
      }
    },
  };
}

function describeTurns(run: StoredRun): RunRecord["turns"] {
  return run.turns.map((turn) => ({
    message: turn.userMessage,
    outcome: turn.outcome,
    modelRequests: turn.modelRequests,
    reply: turn.modelTexts.join("\n\n"),
    harnessReply: turn.harnessTexts.join("\n\n"),
    toolCalls: turn.toolCalls.map((call) => ({
      name: call.name,
      arguments: call.argumentsText,
      result: call.status === "skipped" ? "skipped" : (call.code ?? call.status),
    })),
    inputTokens: turn.inputTokens,
    outputTokens: turn.outputTokens,
  }));
}

async function runOnce(options: {
  scenario: EvalScenario;
  run: number;
  createProvider: () => ModelProvider;
  today: string;
  runTimeoutMs: number;
}): Promise<RunRecord> {
  const { scenario, run, today, runTimeoutMs } = options;
  const startedAt = performance.now();
  const controller = new AbortController();
  const failures: ProviderError[] = [];
  const deadline = setTimeout(() => controller.abort(new EvalRunTimeoutError(`the run took longer than ${runTimeoutMs / 1000} s`)), runTimeoutMs);
  let abandon: NodeJS.Timeout | undefined;
  const elapsed = () => Math.round(performance.now() - startedAt);
  try {
    const provider = withDeadline(options.createProvider(), controller.signal, failures);
    const abandoned = new Promise<"abandoned">((resolve) => {
      abandon = setTimeout(() => resolve("abandoned"), runTimeoutMs + ABANDON_GRACE_MS);
    });
    const stored = await Promise.race([runScenarioTurns({ scenario, provider, today }), abandoned]);
    if (stored === "abandoned") return { run, status: "timed_out", durationMs: elapsed(), error: `no answer within ${runTimeoutMs / 1000} s`, turns: [] };
    const turns = describeTurns(stored);
    const outcomes = stored.turns.map((turn) => turn.outcome);
    if (controller.signal.aborted)
      return { run, status: "timed_out", durationMs: elapsed(), error: `the run took longer than ${runTimeoutMs / 1000} s`, turns };
    if (outcomes.includes("provider_error")) {
      const failure = failures.at(-1);
      const kind = failure?.kind ?? stored.turns.flatMap((turn) => turn.providerFailures).at(-1) ?? "unknown";
      return { run, status: "provider_error", durationMs: elapsed(), providerFailure: { kind, message: failure?.message ?? "" }, turns };
    }
    if (outcomes.includes("internal_error"))
      return { run, status: "harness_error", durationMs: elapsed(), error: "the turn ended internal_error (see the app's log with --verbose)", turns };
    return { run, status: "scored", durationMs: elapsed(), turns, scores: scoreRun({ scenario, run: stored, today }) };
  } catch (error) {
    return { run, status: "harness_error", durationMs: elapsed(), error: error instanceof Error ? error.message : String(error), turns: [] };
  } finally {
    clearTimeout(deadline);
    clearTimeout(abandon);
  }
}

export async function runBattery(options: {
  scenarios: readonly EvalScenario[];
  runs: number;
  createProvider: () => ModelProvider;
  today: string;
  runTimeoutMs: number;
  onRun?: (scenario: EvalScenario, record: RunRecord) => void;
  /** Ends the battery after this run (a refused key will not be accepted by the next run either). */
  shouldStop?: (record: RunRecord) => boolean;
}): Promise<{ scenarios: ScenarioResult[]; stoppedBy?: RunRecord }> {
  const scenarios: ScenarioResult[] = [];
  for (const scenario of options.scenarios) {
    const runs: RunRecord[] = [];
    scenarios.push({
      id: scenario.id,
      title: scenario.title,
      purpose: scenario.purpose,
      language: scenario.language,
      minimumRequests: minimumRequestsOf(scenario),
      minimumReasons: scenario.turns.map((turn) => `${turn.minimumRequests}: ${turn.reason}`),
      runs,
    });
    for (let run = 1; run <= options.runs; run += 1) {
      const record = await runOnce({ scenario, run, createProvider: options.createProvider, today: options.today, runTimeoutMs: options.runTimeoutMs });
      runs.push(record);
      options.onRun?.(scenario, record);
      if (options.shouldStop?.(record)) return { scenarios, stoppedBy: record };
    }
  }
  return { scenarios };
}
