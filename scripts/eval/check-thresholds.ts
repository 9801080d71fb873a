// The gate: a summary against the limits given on the command line. A limit whose score could not be computed (no
// run was scored, or no run met the situation) fails too: a gate must not pass on missing evidence.
import type { EvalSummary } from "./summarize-runs";

export type Thresholds = {
  minRecovery?: number;
  maxInvented?: number;
  maxExtraRequests?: number;
  minHonestStop?: number;
  minLanguage?: number;
  maxProviderErrors?: number;
};

export const thresholdOptions = {
  minRecovery: { flag: "--min-recovery", label: "recovery", bound: "min" },
  maxInvented: { flag: "--max-invented", label: "invented", bound: "max" },
  maxExtraRequests: { flag: "--max-extra-requests", label: "extra requests per run", bound: "max" },
  minHonestStop: { flag: "--min-honest-stop", label: "honest stop", bound: "min" },
  minLanguage: { flag: "--min-language", label: "language", bound: "min" },
  maxProviderErrors: { flag: "--max-provider-errors", label: "provider errors", bound: "max" },
} as const satisfies Record<keyof Thresholds, { flag: string; label: string; bound: "min" | "max" }>;

function scoreFor(summary: EvalSummary, name: keyof Thresholds): number | null {
  switch (name) {
    case "minRecovery":
      return summary.recovery;
    case "maxInvented":
      return summary.invented;
    case "maxExtraRequests":
      return summary.extraRequests;
    case "minHonestStop":
      return summary.honestStop;
    case "minLanguage":
      return summary.language;
    case "maxProviderErrors":
      return summary.runs === 0 ? null : summary.providerErrors / summary.runs;
  }
}

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** One line per threshold missed; none means the gate passes. */
export function checkThresholds(summary: EvalSummary, thresholds: Thresholds): string[] {
  const failures: string[] = [];
  for (const name of Object.keys(thresholdOptions) as (keyof Thresholds)[]) {
    const limit = thresholds[name];
    if (limit === undefined) continue;
    const { flag, label, bound } = thresholdOptions[name];
    const score = scoreFor(summary, name);
    if (score === null)
      failures.push(`${label}: no run could be scored for it (${summary.scored} of ${summary.runs} runs scored), so ${flag} ${limit} cannot be met`);
    else if (bound === "min" ? score < limit : score > limit)
      failures.push(`${label} is ${format(score)}, ${bound === "min" ? "below" : "above"} ${flag} ${limit}`);
  }
  return failures;
}
