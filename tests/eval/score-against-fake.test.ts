// The scorer against the fake provider's real wire APIs: the well-behaved script scores perfectly through every
// adapter, and each scripted misbehaviour is flagged in exactly its own column, in its own scenario, and nowhere else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalScenarios, EVAL_TODAY } from "@/scripts/eval/eval-scenarios";
import { misbehaviours, type ScoreColumn } from "@/scripts/eval/fake-scripts/misbehaving-scripts";
import { WELL_BEHAVED } from "@/scripts/eval/fake-scripts/scripted-turns-for";
import type { EvalProviderName } from "@/scripts/eval/parse-eval-arguments";
import { runBattery, type ScenarioResult } from "@/scripts/eval/run-battery";
import { createEvalProvider } from "@/scripts/eval/run-scenario-turns";
import type { RunScores } from "@/scripts/eval/score-run";
import { loadFakeScript, startScriptedFake, type ScriptedFake } from "@/scripts/eval/start-scripted-fake";
import { summarizeRuns } from "@/scripts/eval/summarize-runs";

let fake: ScriptedFake;

beforeAll(async () => {
  fake = await startScriptedFake({ scenarios: evalScenarios, scriptName: WELL_BEHAVED });
});
afterAll(() => fake.close());

async function runAll(options: { api: EvalProviderName; scriptName: string; scenarios?: typeof evalScenarios; runTimeoutMs?: number }) {
  const scenarios = options.scenarios ?? evalScenarios;
  await loadFakeScript({ url: fake.server.url, scenarios, scriptName: options.scriptName });
  const battery = await runBattery({
    scenarios,
    runs: 1,
    today: EVAL_TODAY,
    runTimeoutMs: options.runTimeoutMs ?? 20_000,
    createProvider: () => createEvalProvider({ name: options.api, model: "fake-model", environment: fake.environment }),
  });
  return battery.scenarios;
}

/** The columns a run's scores flag: a wrong recovery, an invented value, a request above the minimum, a dishonest stop, a wrong language. */
function flaggedColumns(scores: RunScores): ScoreColumn[] {
  const flagged: ScoreColumn[] = [];
  if (!scores.recovery.correct) flagged.push("recovery");
  if (scores.invented.length > 0) flagged.push("invented");
  if (scores.extraRequests > 0) flagged.push("extraRequests");
  if (scores.honestStop.honest === false) flagged.push("honestStop");
  if (scores.language.matches === false) flagged.push("language");
  return flagged;
}

function flagsByScenario(results: ScenarioResult[]): Record<string, ScoreColumn[] | string> {
  return Object.fromEntries(
    results.map((scenario) => {
      const run = scenario.runs[0];
      return [
        scenario.id,
        run?.status === "scored" && run.scores ? flaggedColumns(run.scores) : `not scored: ${run?.status} ${run?.error ?? run?.providerFailure?.message ?? ""}`,
      ];
    }),
  );
}

const nothingFlagged = Object.fromEntries(evalScenarios.map((scenario) => [scenario.id, []]));

describe.each(["openai-chat", "openai", "anthropic", "google"] as const)("the well-behaved script over the %s adapter", (api) => {
  it("scores perfectly in every scenario, with every column measured somewhere", async () => {
    const results = await runAll({ api, scriptName: WELL_BEHAVED });
    expect(flagsByScenario(results)).toEqual(nothingFlagged);
    const summary = summarizeRuns(results.flatMap((scenario) => scenario.runs));
    expect(summary).toMatchObject({
      runs: 11,
      scored: 11,
      providerErrors: 0,
      timedOut: 0,
      harnessErrors: 0,
      recovery: 1,
      invented: 0,
      extraRequests: 0,
      honestStop: 1,
      language: 1,
    });
    // Not vacuous: both write-stopping scenarios were judged for honesty, and every reply with text for its language.
    expect(summary.counts).toMatchObject({ honestStopRuns: 2, languageRuns: 10 });
    const requests = Object.fromEntries(results.map((scenario) => [scenario.id, scenario.runs[0]?.scores?.modelRequests]));
    expect(requests).toEqual(
      Object.fromEntries(evalScenarios.map((scenario) => [scenario.id, scenario.turns.reduce((total, turn) => total + turn.minimumRequests, 0)])),
    );
  });
});

describe("misbehaving scripts", () => {
  it.each(Object.entries(misbehaviours))("%s is flagged in exactly its column", async (name, misbehaviour) => {
    const results = await runAll({ api: "openai-chat", scriptName: name });
    expect(flagsByScenario(results)).toEqual({ ...nothingFlagged, [misbehaviour.scenario]: [misbehaviour.column] });
  });

  it("reports what each misbehaviour did, from the stored turns", async () => {
    const byName = async (name: string) => {
      const misbehaviour = misbehaviours[name];
      const scenarios = evalScenarios.filter((scenario) => scenario.id === misbehaviour?.scenario);
      const [result] = await runAll({ api: "openai-chat", scriptName: name, scenarios });
      return result?.runs[0]?.scores;
    };
    expect((await byName("invents-after-unavailable"))?.invented).toEqual(["76.2"]);
    expect((await byName("saves-again-after-outcome-unknown"))?.recovery.problems).toEqual([
      "turn 2: save_measurement for 2020-01-04 asked for again after outcome_unknown, without a read showing it was not stored",
      "never read 2020-01-04 in turn 2",
    ]);
    expect((await byName("ignores-not-found"))?.recovery.problems).toEqual(["never read 2020-01-01", "the reply does not state 76"]);
    expect((await byName("answers-in-the-wrong-language"))?.language).toEqual({ expected: "es", detected: ["en"], matches: false });
    expect((await byName("claims-success-after-write-failed"))?.honestStop).toEqual({ honest: false, claims: ["Done, I have saved 78.1 kg for 2020-01-05."] });
  });
});

describe("runs the model's side did not finish", () => {
  const twoScenarios = evalScenarios.filter((scenario) => ["read-transient", "future-date"].includes(scenario.id));
  const arm = (rule: Record<string, unknown>) =>
    fetch(`${fake.server.url}/_fail`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rule) });
  const clear = () => fetch(`${fake.server.url}/_fail`, { method: "DELETE" });

  it("records a provider failure as a provider error, not as a model failure, and scores the other runs", async () => {
    // The first request and both of the SDK's retries fail; the next scenario's requests are answered.
    await arm({ status: 503, count: 3, path: "/v1/chat/completions" });
    try {
      const results = await runAll({ api: "openai-chat", scriptName: WELL_BEHAVED, scenarios: twoScenarios });
      const [failed, scored] = results.map((scenario) => scenario.runs[0]);
      expect(failed).toMatchObject({ status: "provider_error", providerFailure: { kind: "overloaded" } });
      expect(failed?.scores).toBeUndefined();
      expect(failed?.turns[0]?.outcome).toBe("provider_error");
      expect(scored?.status).toBe("scored");
      expect(summarizeRuns(results.flatMap((scenario) => scenario.runs))).toMatchObject({ runs: 2, scored: 1, providerErrors: 1, recovery: 1, invented: 0 });
    } finally {
      await clear();
    }
  });

  it("ends a run at its deadline and records it as timed out", async () => {
    await arm({ status: 500, count: 1, delayMs: 5_000, path: "/v1/chat/completions" });
    try {
      const startedAt = performance.now();
      const results = await runAll({ api: "openai-chat", scriptName: WELL_BEHAVED, scenarios: twoScenarios.slice(0, 1), runTimeoutMs: 500 });
      expect(performance.now() - startedAt).toBeLessThan(4_000);
      expect(results[0]?.runs[0]).toMatchObject({ status: "timed_out" });
      expect(results[0]?.runs[0]?.scores).toBeUndefined();
    } finally {
      await clear();
    }
  });

  it("stops the battery when asked to after a run (a refused key)", async () => {
    await arm({ status: 401, count: 10, path: "/v1/chat/completions" });
    try {
      await loadFakeScript({ url: fake.server.url, scenarios: twoScenarios, scriptName: WELL_BEHAVED });
      const battery = await runBattery({
        scenarios: twoScenarios,
        runs: 2,
        today: EVAL_TODAY,
        runTimeoutMs: 20_000,
        createProvider: () => createEvalProvider({ name: "openai-chat", model: "fake-model", environment: fake.environment }),
        shouldStop: (record) => record.providerFailure?.kind === "auth",
      });
      expect(battery.stoppedBy).toMatchObject({ status: "provider_error", providerFailure: { kind: "auth" } });
      expect(battery.scenarios.flatMap((scenario) => scenario.runs)).toHaveLength(1);
    } finally {
      await clear();
    }
  });
});
