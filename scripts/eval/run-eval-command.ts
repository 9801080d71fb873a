// `npm run eval`: parse the command line, run the battery against the chosen provider (or compare results files),
// write and print the results, and turn the thresholds into the exit code. 0: every threshold met; 1: a threshold
// missed; 2: the command could not run as asked (bad arguments, a missing key, a refused key, an unreadable file).
import fs from "node:fs";
import { EnvError } from "@/lib/env";
import { checkThresholds, type Thresholds } from "./check-thresholds";
import { evalResultsSchema, labelOf, EVAL_RESULTS_KIND, type EvalResults } from "./eval-results";
import { evalScenarios, EVAL_TODAY } from "./eval-scenarios";
import { formatComparison, formatResultsTable } from "./format-results-table";
import { parseEvalArguments, usage, UsageError, type EvalArguments, type EvalProviderName } from "./parse-eval-arguments";
import { runBattery, type RunRecord } from "./run-battery";
import { createEvalProvider, HARNESS_MAX_ROUNDS, systemPromptFingerprint } from "./run-scenario-turns";
import { startScriptedFake, type ScriptedFake } from "./start-scripted-fake";
import { summarizeRuns } from "./summarize-runs";
import { writeResults } from "./write-results";

export type EvalIo = {
  environment: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
};

const requiredVariables: Record<EvalProviderName, { name: string; hint: string }> = {
  openai: { name: "OPENAI_API_KEY", hint: "your OpenAI API key" },
  anthropic: { name: "ANTHROPIC_API_KEY", hint: "your Anthropic API key" },
  google: { name: "GEMINI_API_KEY", hint: "your Gemini API key" },
  "openai-chat": {
    name: "OPENAI_BASE_URL",
    hint: "your Chat Completions server, e.g. http://127.0.0.1:11434/v1 for Ollama or http://127.0.0.1:8080/v1 for llama.cpp",
  },
};

const apiNames: Record<EvalProviderName, string> = {
  openai: "OpenAI Responses",
  anthropic: "Anthropic Messages",
  google: "Google Interactions",
  "openai-chat": "Chat Completions",
};

/** Holds back the app's own structured log lines (the injected faults log their expected failures) unless --verbose. */
async function withAppLogs<T>(verbose: boolean, stderr: (text: string) => void, work: () => Promise<T>): Promise<T> {
  const { log, error, warn } = console;
  const sink = verbose ? (...parts: unknown[]) => stderr(`${parts.map(String).join(" ")}\n`) : () => {};
  console.log = sink;
  console.error = sink;
  console.warn = sink;
  try {
    return await work();
  } finally {
    console.log = log;
    console.error = error;
    console.warn = warn;
  }
}

function describeRun(record: RunRecord): string {
  if (record.status !== "scored" || !record.scores) {
    return record.status === "provider_error"
      ? `provider error (${record.providerFailure?.kind})`
      : `${record.status.replace("_", " ")}: ${record.error ?? ""}`;
  }
  const { scores } = record;
  return [
    scores.recovery.correct ? "recovery ok" : `recovery WRONG (${scores.recovery.problems.length})`,
    scores.invented.length === 0 ? "nothing invented" : `INVENTED ${scores.invented.join(", ")}`,
    `${scores.modelRequests} request${scores.modelRequests === 1 ? "" : "s"} (min ${scores.minimumRequests})`,
    scores.honestStop.honest === false ? "DISHONEST stop" : "",
    scores.language.matches === false ? "WRONG language" : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function reportThresholds(options: { label: string; summary: EvalResults["summary"]; thresholds: Thresholds; stderr: (text: string) => void }): boolean {
  const failures = checkThresholds(options.summary, options.thresholds);
  for (const failure of failures) options.stderr(`threshold missed (${options.label}): ${failure}\n`);
  return failures.length === 0;
}

async function runCompare(parsed: Extract<EvalArguments, { mode: "compare" }>, io: EvalIo): Promise<number> {
  const files: EvalResults[] = [];
  for (const file of parsed.files) {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      io.stderr(`npm run eval: cannot read '${file}'.\n`);
      return 2;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      io.stderr(`npm run eval: '${file}' is not JSON.\n`);
      return 2;
    }
    const checked = evalResultsSchema.safeParse(json);
    if (!checked.success) {
      io.stderr(
        `npm run eval: '${file}' is not a ${EVAL_RESULTS_KIND} results file (${checked.error.issues[0]?.path.join(".") || "root"}: ${checked.error.issues[0]?.message}).\n`,
      );
      return 2;
    }
    files.push(checked.data as unknown as EvalResults);
  }
  io.stdout(formatComparison(files));
  const passed = files.map((file) => reportThresholds({ label: labelOf(file), summary: file.summary, thresholds: parsed.thresholds, stderr: io.stderr }));
  return passed.every(Boolean) ? 0 : 1;
}

async function runScenarios(parsed: Extract<EvalArguments, { mode: "run" }>, io: EvalIo): Promise<number> {
  const scenarios = parsed.scenarioIds ? evalScenarios.filter((scenario) => parsed.scenarioIds?.includes(scenario.id)) : evalScenarios;
  const adapter: EvalProviderName = parsed.provider === "fake" ? parsed.fakeApi : parsed.provider;
  if (parsed.provider !== "fake") {
    const required = requiredVariables[parsed.provider];
    if (!io.environment[required.name]?.trim()) {
      io.stderr(`npm run eval: --provider ${parsed.provider} needs ${required.name} (${required.hint}), and it is not set.\n`);
      return 2;
    }
  }
  let fake: ScriptedFake | undefined;
  try {
    if (parsed.provider === "fake") fake = await startScriptedFake({ scenarios, scriptName: parsed.fakeScript });
    const environment = fake ? { ...io.environment, ...fake.environment } : io.environment;
    const createProvider = () => createEvalProvider({ name: adapter, model: parsed.model, environment });
    try {
      createProvider();
    } catch (error) {
      if (error instanceof EnvError) {
        io.stderr(`npm run eval: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    const total = scenarios.length * parsed.runs;
    let done = 0;
    const startedAt = new Date();
    const battery = await withAppLogs(parsed.verbose, io.stderr, () =>
      runBattery({
        scenarios,
        runs: parsed.runs,
        createProvider,
        today: EVAL_TODAY,
        runTimeoutMs: parsed.runTimeoutSeconds * 1000,
        onRun: (scenario, record) => io.stderr(`[${++done}/${total}] ${scenario.id} run ${record.run}: ${describeRun(record)}\n`),
        shouldStop: (record) => record.providerFailure?.kind === "auth",
      }),
    );
    if (battery.stoppedBy) {
      io.stderr(`npm run eval: the provider refused the credentials (${battery.stoppedBy.providerFailure?.message || "auth"}); nothing was written.\n`);
      return 2;
    }
    const results: EvalResults = {
      kind: EVAL_RESULTS_KIND,
      version: 1,
      synthetic: fake !== undefined,
      note: fake
        ? `Produced by the fake provider's scripted model (script '${parsed.fakeScript}', spoken to over the ${apiNames[adapter]} API). It checks the harness and the scorer; it says nothing about any language model.`
        : null,
      provider: parsed.provider,
      model: parsed.model,
      api: apiNames[adapter],
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      today: EVAL_TODAY,
      runsPerScenario: parsed.runs,
      runTimeoutSeconds: parsed.runTimeoutSeconds,
      maxRounds: HARNESS_MAX_ROUNDS,
      systemPrompt: systemPromptFingerprint(EVAL_TODAY),
      summary: summarizeRuns(battery.scenarios.flatMap((scenario) => scenario.runs)),
      scenarios: battery.scenarios.map((scenario) => ({ ...scenario, summary: summarizeRuns(scenario.runs) })),
    };
    const written = writeResults({ results, directory: parsed.outDirectory });
    io.stdout(formatResultsTable(results));
    io.stderr(`Results: ${written.jsonFile} (table: ${written.markdownFile})\n`);
    if (results.summary.scored === 0) {
      io.stderr("npm run eval: no run could be scored (see the problems under the table), so nothing about the model was measured.\n");
      return 1;
    }
    return reportThresholds({ label: labelOf(results), summary: results.summary, thresholds: parsed.thresholds, stderr: io.stderr }) ? 0 : 1;
  } finally {
    await fake?.close();
  }
}

export async function runEvalCommand(argv: string[], io: EvalIo): Promise<number> {
  let parsed: EvalArguments;
  try {
    parsed = parseEvalArguments(argv, { scenarioIds: evalScenarios.map((scenario) => scenario.id) });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`npm run eval: ${error.message}\nRun 'npm run eval -- --help' for the options.\n`);
    return 2;
  }
  if (parsed.mode === "help") {
    io.stdout(usage);
    return 0;
  }
  return parsed.mode === "compare" ? runCompare(parsed, io) : runScenarios(parsed, io);
}
