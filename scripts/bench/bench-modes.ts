// How long each figure runs: the full bench (under 10 minutes on 2 cores) and the quick smoke run (under 2 minutes).
import type { DurableTurnOptions } from "./measure-durable-turns";
import type { HarnessCostOptions } from "./measure-harness-cost";
import type { SaveThroughputOptions } from "./measure-save-throughput";

export type BenchMode = "full" | "quick";

export type HttpLoadOptions = { connections: number; durationSeconds: number; memoryTurns: number };

export type BenchSettings = {
  harness: HarnessCostOptions;
  durable: DurableTurnOptions;
  save: SaveThroughputOptions;
  http: HttpLoadOptions;
};

export const benchSettings: Record<BenchMode, BenchSettings> = {
  full: {
    harness: { turns: 2_000, warmUpTurns: 300 },
    durable: { countedTurns: 50, rounds: 6, blockMs: 1_000 },
    save: { rounds: 6, blockMs: 1_000, replayKeys: 500 },
    http: { connections: 10, durationSeconds: 20, memoryTurns: 5_000 },
  },
  quick: {
    harness: { turns: 100, warmUpTurns: 20 },
    durable: { countedTurns: 5, rounds: 2, blockMs: 150 },
    save: { rounds: 2, blockMs: 150, replayKeys: 50 },
    http: { connections: 10, durationSeconds: 3, memoryTurns: 300 },
  },
};
