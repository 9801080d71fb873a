// The figures measured inside this process (no server, no build): harness cost, durable turns, save throughput and
// model rounds. The smoke test runs these in quick mode.
import "server-only";
import type { BenchEntry } from "./bench-entry";
import type { BenchSettings } from "./bench-modes";
import { measureDurableTurns } from "./measure-durable-turns";
import { measureHarnessCost } from "./measure-harness-cost";
import { measureModelRounds } from "./measure-model-rounds";
import { measureSaveThroughput } from "./measure-save-throughput";

export async function runInProcessFigures(options: { settings: BenchSettings; report?: (line: string) => void }): Promise<BenchEntry[]> {
  const { settings, report = () => {} } = options;
  const entries: BenchEntry[] = [];
  report(`harness cost: ${settings.harness.turns} turns each (after ${settings.harness.warmUpTurns} warm-up), alternating runTurn and generateText`);
  entries.push(...(await measureHarnessCost(settings.harness)).entries);
  report("durable turns: commits per turn, turns/s against raw commits/s");
  entries.push(...(await measureDurableTurns(settings.durable)));
  report("save throughput: new keys and replays against raw insert transactions");
  entries.push(...(await measureSaveThroughput(settings.save)));
  report("model rounds: every scripted scenario through runTurn with the offline coach");
  entries.push(...(await measureModelRounds()).entries);
  return entries;
}
