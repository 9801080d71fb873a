// The results file of one `npm run eval`: what ran (provider, model, system prompt, settings), every run with the
// stored turns it was scored from, and the summaries. `--compare` reads these files back, so their shape is checked.
import { z } from "zod";
import type { ScenarioResult } from "./run-battery";
import type { EvalSummary } from "./summarize-runs";

export const EVAL_RESULTS_KIND = "palestra-eval";

export type EvalResults = {
  kind: typeof EVAL_RESULTS_KIND;
  version: 1;
  /** true when no language model answered: the fake provider's scripted model did. Never a model's result. */
  synthetic: boolean;
  note: string | null;
  provider: string;
  model: string;
  /** The wire API the adapter spoke. */
  api: string;
  startedAt: string;
  finishedAt: string;
  /** The date the runs took as "today". */
  today: string;
  runsPerScenario: number;
  runTimeoutSeconds: number;
  maxRounds: number;
  /** Fingerprint of the system prompt the runs were sent: a changed prompt shows as a changed fingerprint. */
  systemPrompt: string;
  summary: EvalSummary;
  scenarios: (ScenarioResult & { summary: EvalSummary })[];
};

const rate = z.number().min(0).nullable();
const summarySchema = z.looseObject({
  runs: z.number(),
  scored: z.number(),
  providerErrors: z.number(),
  timedOut: z.number(),
  harnessErrors: z.number(),
  recovery: rate,
  invented: rate,
  extraRequests: rate,
  honestStop: rate,
  language: rate,
  counts: z.looseObject({
    recovery: z.number(),
    invented: z.number(),
    honestStop: z.number(),
    honestStopRuns: z.number(),
    language: z.number(),
    languageRuns: z.number(),
  }),
});

/** What `--compare` needs of a results file; the runs themselves are kept but not checked field by field. */
export const evalResultsSchema = z.looseObject({
  kind: z.literal(EVAL_RESULTS_KIND),
  version: z.literal(1),
  synthetic: z.boolean(),
  note: z.string().nullable(),
  provider: z.string(),
  model: z.string(),
  api: z.string(),
  startedAt: z.string(),
  today: z.string(),
  runsPerScenario: z.number(),
  systemPrompt: z.string(),
  summary: summarySchema,
  scenarios: z.array(z.looseObject({ id: z.string(), title: z.string(), minimumRequests: z.number(), summary: summarySchema, runs: z.array(z.unknown()) })),
});

/** A results file's short name in tables: provider/model, the day it ran, and whether it is synthetic. */
export function labelOf(results: Pick<EvalResults, "provider" | "model" | "startedAt" | "synthetic">): string {
  return `${results.provider}/${results.model} (${results.startedAt.slice(0, 10)}${results.synthetic ? ", synthetic" : ""})`;
}
