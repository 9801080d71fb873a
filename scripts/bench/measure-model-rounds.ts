// Figure 5: every scripted scenario through runTurn with the offline coach and storage faults armed: the model
// requests and tool calls it took against the scenario's minimum.
import "server-only";
import { openDatabase } from "@/db/sqlite/open-database";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import { runTurn } from "@/lib/agent/run-turn";
import { armFault } from "@/lib/faults/manage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createEntry, type BenchEntry } from "./bench-entry";
import { modelRoundScenarios, type ModelRoundScenario, type ScenarioMinimum } from "./model-round-scenarios";
import { withQuietConsole } from "./with-quiet-console";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { createTestUser } from "@/tests/support/create-test-user";

/** Long enough for the `slow` mode (300 ms), short enough that the `timeout` scenario does not wait 5 s. */
const SCENARIO_TOOL_TIMEOUT_MS = 1_000;
const TODAY = "2026-11-30";

export type ScenarioCount = {
  name: string;
  modelRequests: number;
  toolCalls: number;
  /** Per turn: the outcome and each tool call's code, as "outcome [code, code]". */
  observed: string[];
  expected: string[];
  minimum: Omit<ScenarioMinimum, "reason">;
  reasons: string[];
};

async function runScenario(scenario: ModelRoundScenario): Promise<ScenarioCount> {
  const handle = openDatabase(":memory:");
  try {
    const userId = await createTestUser(createSqliteStore(handle), { name: "Bench User" });
    for (const [index, record] of scenario.seed.entries()) {
      await saveMeasurement({
        store: createSqliteStore(handle),
        userId,
        idempotencyKey: `seed-${index}`,
        input: { date: record.date, values: { weight_kg: record.weightKg } },
        traceId: "seed",
        locale: "en",
      });
    }
    for (const input of scenario.faults) await armFault({ store: createSqliteStore(handle), userId, input });
    const count: ScenarioCount = {
      name: scenario.name,
      modelRequests: 0,
      toolCalls: 0,
      observed: [],
      expected: scenario.turns.map((turn) => `${turn.expectedOutcome} [${turn.expectedCodes.join(", ")}]`),
      minimum: { modelRequests: 0, toolCalls: 0 },
      reasons: scenario.turns.map((turn) => turn.minimum.reason),
    };
    let conversationId: string | undefined;
    for (const turn of scenario.turns) {
      const result = await runTurn({
        store: createSqliteStore(handle),
        userId,
        conversationId,
        message: turn.message,
        locale: "en",
        provider: createOfflineProvider(),
        faultsEnabled: true,
        toolTimeoutMs: SCENARIO_TOOL_TIMEOUT_MS,
        today: TODAY,
      });
      conversationId = result.conversationId;
      count.modelRequests += result.modelRequests;
      count.toolCalls += result.toolCalls.length;
      count.observed.push(`${result.outcome} [${result.toolCalls.map((call) => call.error ?? (call.status === "skipped" ? "skipped" : "ok")).join(", ")}]`);
      count.minimum.modelRequests += turn.minimum.modelRequests;
      count.minimum.toolCalls += turn.minimum.toolCalls;
    }
    return count;
  } finally {
    handle.sqlite.close();
  }
}

export async function measureModelRounds(): Promise<{ scenarios: ScenarioCount[]; entries: BenchEntry[] }> {
  // Fault scenarios log their (expected) failures; the bench's table is the output that matters here.
  const scenarios = await withQuietConsole(async () => {
    const counts: ScenarioCount[] = [];
    for (const scenario of modelRoundScenarios) counts.push(await runScenario(scenario));
    return counts;
  });
  const sum = (pick: (count: ScenarioCount) => number) => scenarios.reduce((total, count) => total + pick(count), 0);
  const requests = sum((count) => count.modelRequests);
  const minimumRequests = sum((count) => count.minimum.modelRequests);
  const calls = sum((count) => count.toolCalls);
  const minimumCalls = sum((count) => count.minimum.toolCalls);
  const wasted = sum((count) => Math.max(0, count.modelRequests - count.minimum.modelRequests) + Math.max(0, count.toolCalls - count.minimum.toolCalls));
  const unexpected = scenarios.filter((count) => count.observed.join() !== count.expected.join()).map((count) => `${count.name}: ${count.observed.join("; ")}`);
  const outcomeNote =
    unexpected.length === 0 ? "every scenario ran the tool codes and outcome it names" : `scenarios that did not run as named: ${unexpected.join(" | ")}`;
  // A count only means something when the scenario ran what it names: a mismatch fails the target whatever the count.
  const exactWhen = (ranAsNamed: boolean) => ({ description: "ratio = 1.00", holds: ({ ratio }: { ratio: number | null }) => ranAsNamed && ratio === 1 });
  const exact = exactWhen(unexpected.length === 0);
  const perScenario = scenarios.map((count) =>
    createEntry({
      name: `model rounds: ${count.name}`,
      value: count.modelRequests + count.toolCalls,
      unit: "requests + tool calls",
      baseline: "scenario minimum",
      baselineValue: count.minimum.modelRequests + count.minimum.toolCalls,
      target: exactWhen(count.observed.join() === count.expected.join()),
      digits: 0,
      note: `${count.modelRequests} requests (min ${count.minimum.modelRequests}), ${count.toolCalls} tool calls (min ${count.minimum.toolCalls}); ran ${count.observed.join("; ")}; minimum because ${count.reasons.join("; then ")}`,
    }),
  );
  return {
    scenarios,
    entries: [
      createEntry({
        name: "model requests, all scenarios",
        value: requests,
        unit: "requests",
        baseline: "sum of scenario minimums",
        baselineValue: minimumRequests,
        target: exact,
        digits: 0,
        note: outcomeNote,
      }),
      createEntry({
        name: "tool calls, all scenarios",
        value: calls,
        unit: "calls",
        baseline: "sum of scenario minimums",
        baselineValue: minimumCalls,
        target: exact,
        digits: 0,
      }),
      createEntry({
        name: "wasted calls (requests + tool calls above the minimum)",
        value: wasted,
        unit: "calls",
        baseline: "none",
        baselineValue: null,
        target: { description: "= 0", holds: ({ value }) => unexpected.length === 0 && value === 0 },
        digits: 0,
      }),
      ...perScenario,
    ],
  };
}
