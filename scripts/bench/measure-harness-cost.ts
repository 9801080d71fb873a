// Figure 1: harness cost per turn, Palestra's runTurn against the AI SDK's generateText on the same scripted turn,
// alternating A B A B in one process so drift and noise fall on both sides alike.
import "server-only";
import { openDatabase } from "@/db/sqlite/open-database";
import { createEntry, type BenchEntry } from "./bench-entry";
import { seedHarnessUser } from "./harness-conversation";
import { createAiSdkTools, prepareAiSdkTurn } from "./run-ai-sdk-turn";
import { preparePalestraTurn } from "./run-palestra-turn";
import { summarizeSamples, type SampleSummary } from "./summarize-samples";

export type HarnessCostOptions = { turns: number; warmUpTurns: number };

export type HarnessCostResult = { ours: SampleSummary; theirs: SampleSummary; entries: BenchEntry[] };

const OURS = "Palestra runTurn (in-memory SQLite, scripted provider)";
const THEIRS = "Vercel AI SDK generateText (ai/test mock model, same tools and script)";

async function timeInMicroseconds(run: () => Promise<unknown>): Promise<{ micros: number; value: unknown }> {
  const startedAt = performance.now();
  const value = await run();
  return { micros: (performance.now() - startedAt) * 1_000, value };
}

function assertOursAnswered(value: unknown): void {
  const result = value as { outcome: string; toolCalls: { error?: string }[] };
  const codes = result.toolCalls.map((call) => call.error ?? "ok").join(",");
  if (result.outcome !== "answered" || codes !== "not_found,ok,ok") {
    throw new Error(`runTurn did not run the script as written: ${JSON.stringify(value)}`);
  }
}

function assertTheirsAnswered(value: unknown): void {
  const result = value as { steps: number; text: string };
  if (result.steps !== 4 || result.text === "") throw new Error(`generateText did not run the script as written: ${JSON.stringify(value)}`);
}

export async function measureHarnessCost(options: HarnessCostOptions): Promise<HarnessCostResult> {
  const oursHandle = openDatabase(":memory:");
  const theirsHandle = openDatabase(":memory:");
  try {
    const oursUser = await seedHarnessUser(oursHandle);
    const theirsUser = await seedHarnessUser(theirsHandle);
    const tools = createAiSdkTools({ handle: theirsHandle, userId: theirsUser });
    const oursSamples: number[] = [];
    const theirsSamples: number[] = [];
    for (let index = 0; index < options.warmUpTurns + options.turns; index += 1) {
      const measured = index >= options.warmUpTurns;
      const ours = await timeInMicroseconds(preparePalestraTurn({ handle: oursHandle, userId: oursUser, turnIndex: index }));
      assertOursAnswered(ours.value);
      const theirs = await timeInMicroseconds(prepareAiSdkTurn({ tools, turnIndex: index }));
      assertTheirsAnswered(theirs.value);
      if (measured) {
        oursSamples.push(ours.micros);
        theirsSamples.push(theirs.micros);
      }
    }
    const ours = summarizeSamples(oursSamples);
    const theirs = summarizeSamples(theirsSamples);
    const ratioTarget = { description: "ratio <= 1.0", holds: ({ ratio }: { ratio: number | null }) => ratio !== null && ratio <= 1 };
    const note = `${OURS}; ${options.turns} turns each after ${options.warmUpTurns} warm-up, alternating`;
    return {
      ours,
      theirs,
      entries: [
        createEntry({
          name: "harness cost per turn, median",
          value: ours.median,
          unit: "µs",
          baseline: THEIRS,
          baselineValue: theirs.median,
          target: ratioTarget,
          digits: 1,
          note,
        }),
        createEntry({
          name: "harness cost per turn, p99",
          value: ours.p99,
          unit: "µs",
          baseline: THEIRS,
          baselineValue: theirs.p99,
          target: ratioTarget,
          digits: 1,
          note,
        }),
      ],
    };
  } finally {
    oursHandle.sqlite.close();
    theirsHandle.sqlite.close();
  }
}
