// The command line of `npm run eval`, checked before anything runs: a bad argument is one clear sentence and exit 2.
import { parseArgs } from "node:util";
import { thresholdOptions, type Thresholds } from "./check-thresholds";
import { fakeScriptNames, WELL_BEHAVED } from "./fake-scripts/scripted-turns-for";

export const evalProviders = ["openai", "anthropic", "google", "openai-chat"] as const;
export type EvalProviderName = (typeof evalProviders)[number];

export type EvalArguments =
  | { mode: "help" }
  | {
      mode: "run";
      provider: EvalProviderName | "fake";
      model: string;
      runs: number;
      scenarioIds: string[] | undefined;
      runTimeoutSeconds: number;
      outDirectory: string;
      thresholds: Thresholds;
      /** For --provider fake: the script the fake model follows and the wire API it is spoken to over. */
      fakeScript: string;
      fakeApi: EvalProviderName;
      verbose: boolean;
    }
  | { mode: "compare"; files: string[]; thresholds: Thresholds };

/** A command line that cannot run; its message says what to change. */
export class UsageError extends Error {}

export const DEFAULT_RUNS = 3;
export const DEFAULT_RUN_TIMEOUT_SECONDS = 180;
export const DEFAULT_OUT_DIRECTORY = "eval/results";

export const usage = `Usage:
  npm run eval -- --provider P --model M [--runs N] [options]
  npm run eval -- --compare FILE [FILE ...] [thresholds]

Providers: openai (Responses API, OPENAI_API_KEY), anthropic (Messages API, ANTHROPIC_API_KEY),
  google (Interactions API, GEMINI_API_KEY), openai-chat (Chat Completions: Ollama, vLLM, llama.cpp; OPENAI_BASE_URL),
  fake (the local fake provider's scripted model: synthetic results that check the harness, never a model).

Options:
  --runs N                repetitions of every scenario (default ${DEFAULT_RUNS})
  --scenario ID           run only this scenario (repeatable)
  --run-timeout SECONDS   the most one run may take (default ${DEFAULT_RUN_TIMEOUT_SECONDS})
  --out DIR               where results are written (default ${DEFAULT_OUT_DIRECTORY})
  --fake-script NAME      with --provider fake: ${fakeScriptNames.join(", ")} (default ${WELL_BEHAVED})
  --fake-api API          with --provider fake: the wire API to speak, ${evalProviders.join(", ")} (default openai-chat)
  --verbose               show the app's own log lines on stderr

Thresholds (exit 1 when one is missed; rates are from 0 to 1):
  --min-recovery R  --max-invented R  --max-extra-requests X  --min-honest-stop R  --min-language R  --max-provider-errors R
`;

const thresholdFlags = Object.entries(thresholdOptions).map(([name, option]) => ({ name: name as keyof Thresholds, flag: option.flag }));

function parseNumber(flag: string, text: string, range: { min: number; max: number; integer?: boolean }): number {
  const value = Number(text);
  const ok = text.trim() !== "" && Number.isFinite(value) && value >= range.min && value <= range.max && (!range.integer || Number.isInteger(value));
  if (!ok) throw new UsageError(`${flag} must be ${range.integer ? "a whole number" : "a number"} from ${range.min} to ${range.max}, received '${text}'.`);
  return value;
}

function parseThresholds(values: Record<string, unknown>): Thresholds {
  const thresholds: Thresholds = {};
  for (const { name, flag } of thresholdFlags) {
    const text = values[flag.slice(2)];
    if (typeof text !== "string") continue;
    thresholds[name] = parseNumber(flag, text, name === "maxExtraRequests" ? { min: 0, max: 1_000 } : { min: 0, max: 1 });
  }
  return thresholds;
}

function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  const match = allowed.find((candidate) => candidate === text);
  if (!match) throw new UsageError(`${flag} must be one of ${allowed.join(", ")}, received '${text}'.`);
  return match;
}

const optionSpec = {
  provider: { type: "string" },
  model: { type: "string" },
  runs: { type: "string" },
  scenario: { type: "string", multiple: true },
  "run-timeout": { type: "string" },
  out: { type: "string" },
  "fake-script": { type: "string" },
  "fake-api": { type: "string" },
  verbose: { type: "boolean" },
  compare: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  "min-recovery": { type: "string" },
  "max-invented": { type: "string" },
  "max-extra-requests": { type: "string" },
  "min-honest-stop": { type: "string" },
  "min-language": { type: "string" },
  "max-provider-errors": { type: "string" },
} as const;

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: optionSpec, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs's messages name the option ("Unknown option '--x'", "Option '--runs <value>' argument missing"); the
    // advice that follows about positionals starting with '-' does not apply here.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.replace(/\. To specify a positional argument[\s\S]*$/, "."));
  }
}

export function parseEvalArguments(argv: string[], options: { scenarioIds: readonly string[] }): EvalArguments {
  const parsed = parseCommandLine(argv);
  const { values, positionals } = parsed;
  if (values.help) return { mode: "help" };
  const thresholds = parseThresholds(values);

  if (values.compare) {
    const runOnly = ["provider", "model", "runs", "scenario", "run-timeout", "out", "fake-script", "fake-api"].filter(
      (name) => values[name as keyof typeof values] !== undefined,
    );
    if (runOnly.length > 0) throw new UsageError(`--compare reads results files; --${runOnly[0]} belongs to a run, not a comparison.`);
    if (positionals.length === 0) throw new UsageError("--compare needs at least one results file (eval/results/*.json).");
    return { mode: "compare", files: positionals, thresholds };
  }
  if (positionals.length > 0) throw new UsageError(`Unexpected argument '${positionals[0]}' (results files go after --compare).`);
  if (values.provider === undefined) throw new UsageError(`--provider is required: one of ${[...evalProviders, "fake"].join(", ")}.`);
  const provider = oneOf("--provider", values.provider, [...evalProviders, "fake"] as const);
  if (provider !== "fake" && (values["fake-script"] !== undefined || values["fake-api"] !== undefined)) {
    throw new UsageError("--fake-script and --fake-api only apply to --provider fake.");
  }
  const fakeScript = oneOf("--fake-script", values["fake-script"] ?? WELL_BEHAVED, fakeScriptNames);
  const model = values.model?.trim() || (provider === "fake" ? fakeScript : "");
  if (model === "" && provider !== "fake")
    throw new UsageError(`--model is required with --provider ${provider} (the model name the provider knows, e.g. ${exampleModels[provider]}).`);
  for (const id of values.scenario ?? []) oneOf("--scenario", id, options.scenarioIds);
  return {
    mode: "run",
    provider,
    model,
    runs: values.runs === undefined ? DEFAULT_RUNS : parseNumber("--runs", values.runs, { min: 1, max: 100, integer: true }),
    scenarioIds: values.scenario,
    runTimeoutSeconds:
      values["run-timeout"] === undefined ? DEFAULT_RUN_TIMEOUT_SECONDS : parseNumber("--run-timeout", values["run-timeout"], { min: 1, max: 3_600 }),
    outDirectory: values.out ?? DEFAULT_OUT_DIRECTORY,
    thresholds,
    fakeScript,
    fakeApi: oneOf("--fake-api", values["fake-api"] ?? "openai-chat", evalProviders),
    verbose: values.verbose === true,
  };
}

const exampleModels: Record<EvalProviderName, string> = {
  openai: "gpt-5-mini",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-chat": "llama3.1:8b",
};
