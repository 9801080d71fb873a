// Token figures in the eval summary: a mean over runs whose model reported usage; none at all (not 0) for the built-in
// coach, which reads no tokens.
import { describe, expect, it } from "vitest";
import type { RunRecord } from "@/scripts/eval/run-battery";
import type { RunScores } from "@/scripts/eval/score-run";
import { summarizeRuns } from "@/scripts/eval/summarize-runs";

const scores: RunScores = {
  recovery: { correct: true, problems: [] },
  invented: [],
  modelRequests: 1,
  minimumRequests: 1,
  extraRequests: 0,
  honestStop: { honest: null, claims: [] },
  language: { expected: "en", detected: [], matches: null },
};

function run(tokens: { input: number | null; output: number | null }): RunRecord {
  const turn = { message: "hi", outcome: "answered", modelRequests: 1, reply: "", harnessReply: "", toolCalls: [] };
  return { run: 1, status: "scored", durationMs: 1, scores, turns: [{ ...turn, inputTokens: tokens.input, outputTokens: tokens.output }] };
}

describe("the eval summary's tokens", () => {
  it("has no token figures for runs whose turns reported no usage", () => {
    expect(summarizeRuns([run({ input: null, output: null }), run({ input: null, output: null })]).tokens).toBeNull();
  });

  it("averages the reported usage per scored run", () => {
    expect(summarizeRuns([run({ input: 100, output: 10 }), run({ input: 300, output: 30 })]).tokens).toEqual({ input: 200, output: 20 });
  });
});
