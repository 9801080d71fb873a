// How long each figure runs: the full bench (under 10 minutes on 2 cores) and the quick smoke run (under 2 minutes).
import type { DurableTurnOptions } from "./measure-durable-turns";
import type { FirstVisitOptions } from "./measure-first-visit";
import type { HarnessCostOptions } from "./measure-harness-cost";
import type { ImportStreamOptions } from "./measure-import-stream";
import type { InstanceLoadOptions } from "./run-load-step";
import type { PostgresBenchOptions } from "./measure-postgres-figures";
import type { SaveThroughputOptions } from "./measure-save-throughput";

export type BenchMode = "full" | "quick";

export type HttpLoadOptions = { connections: number; durationSeconds: number; memoryTurns: number };

export type BenchSettings = {
  harness: HarnessCostOptions;
  durable: DurableTurnOptions;
  save: SaveThroughputOptions;
  http: HttpLoadOptions;
  instance: InstanceLoadOptions;
  firstVisit: FirstVisitOptions;
  postgres: PostgresBenchOptions;
  importStream: ImportStreamOptions;
};

export const benchSettings: Record<BenchMode, BenchSettings> = {
  full: {
    harness: { turns: 2_000, warmUpTurns: 300 },
    durable: { countedTurns: 50, rounds: 6, blockMs: 1_000 },
    save: { rounds: 6, blockMs: 1_000, replayKeys: 500 },
    http: { connections: 10, durationSeconds: 20, memoryTurns: 5_000 },
    // A real model's pace (1.5 s to first byte, 1 s streamed) per request; 500 people; steps until a target breaks.
    // The steps below 250 say what one instance holds when it breaks there (it broke at 250 on 2026-12-02; 150 and 200
    // since 2026-12-07, when it held 100 and broke at 250: the figure says where in between).
    instance: { firstByteMs: 1_500, streamMs: 1_000, users: 500, load: 500, steps: [50, 100, 150, 200, 250, 500, 1_000, 1_500, 2_000, 3_000], turnsPerUser: 3 },
    firstVisit: { rounds: 7 },
    postgres: { save: { rounds: 6, blockMs: 1_000 }, chat: { connections: 10, durationSeconds: 15 } },
    // A generated 1 GB Apple Health export (and a quarter of it, for the memory growth).
    importStream: { megabytes: 1_024 },
  },
  quick: {
    harness: { turns: 100, warmUpTurns: 20 },
    durable: { countedTurns: 5, rounds: 2, blockMs: 150 },
    save: { rounds: 2, blockMs: 150, replayKeys: 50 },
    http: { connections: 10, durationSeconds: 3, memoryTurns: 300 },
    // The same measurement, small and fast: it checks the machinery, its numbers say nothing about capacity.
    instance: { firstByteMs: 150, streamMs: 100, users: 20, load: 20, steps: [20], turnsPerUser: 3 },
    firstVisit: { rounds: 2 },
    postgres: { save: { rounds: 2, blockMs: 150 }, chat: { connections: 4, durationSeconds: 2 } },
    importStream: { megabytes: 16 },
  },
};
