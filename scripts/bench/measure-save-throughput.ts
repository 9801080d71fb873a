// Figure 3: saveMeasurement (idempotent: look-up, claim, conflict check, upsert and recorded outcome in one
// transaction) against raw single-row insert transactions with the same pragmas, for new keys and for replays.
import "server-only";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createEntry, type BenchEntry } from "./bench-entry";
import { compareThroughput } from "./compare-throughput";
import { createBenchDirectory } from "./create-bench-directory";
import { createBenchUser, createFreshDateSource, createRawInserter } from "./create-raw-inserter";

export type SaveThroughputOptions = { rounds: number; blockMs: number; replayKeys: number };

const RAW = "raw better-sqlite3 single-row insert transaction, same pragmas";

async function saveOnce(options: { handle: DatabaseHandle; userId: string; key: string; date: string; expected: "executed" | "replayed" }): Promise<void> {
  const { handle, userId, key, date, expected } = options;
  const result = await saveMeasurement({ handle, userId, idempotencyKey: key, input: { date, values: { weight_kg: 77.4 } }, traceId: "bench", locale: "en" });
  if (result.status !== expected) throw new Error(`saveMeasurement answered ${result.status}, expected ${expected}`);
}

export async function measureSaveThroughput(options: SaveThroughputOptions): Promise<BenchEntry[]> {
  const scratch = createBenchDirectory("save");
  const saves = openDatabase(path.join(scratch.directory, "saves.db"));
  const raw = openDatabase(path.join(scratch.directory, "raw.db"));
  try {
    const insertRaw = createRawInserter(raw);
    const nextFreshDate = createFreshDateSource(saves);
    let keyNumber = 0;
    const saveNewKey = () => {
      const { userId, date } = nextFreshDate();
      return saveOnce({ handle: saves, userId, key: `bench-new-${keyNumber++}`, date, expected: "executed" });
    };
    const newKeys = await compareThroughput({ first: saveNewKey, second: insertRaw, rounds: options.rounds, blockMs: options.blockMs });

    const replayUser = createBenchUser(saves);
    for (let index = 0; index < options.replayKeys; index += 1) {
      await saveOnce({ handle: saves, userId: replayUser, key: `bench-known-${index}`, date: `2001-01-${String((index % 28) + 1).padStart(2, "0")}`, expected: "executed" });
    }
    let replayNumber = 0;
    const replayKnownKey = () => {
      const index = replayNumber++ % options.replayKeys;
      return saveOnce({ handle: saves, userId: replayUser, key: `bench-known-${index}`, date: `2001-01-${String((index % 28) + 1).padStart(2, "0")}`, expected: "replayed" });
    };
    const replays = await compareThroughput({ first: replayKnownKey, second: insertRaw, rounds: options.rounds, blockMs: options.blockMs });

    return [
      createEntry({
        name: "saveMeasurement, new keys",
        value: newKeys.first.perSecond,
        unit: "saves/s",
        baseline: RAW,
        baselineValue: newKeys.second.perSecond,
        target: { description: "ratio >= 0.8", holds: ({ ratio }) => ratio !== null && ratio >= 0.8 },
        digits: 1,
        note: `${newKeys.first.operations} saves and ${newKeys.second.operations} raw inserts in ${options.rounds} alternating rounds`,
      }),
      createEntry({
        name: "saveMeasurement, replays of known keys",
        value: replays.first.perSecond,
        unit: "saves/s",
        baseline: RAW,
        baselineValue: replays.second.perSecond,
        target: { description: "ratio > 1.0", holds: ({ ratio }) => ratio !== null && ratio > 1 },
        digits: 1,
        note: `${replays.first.operations} replays of ${options.replayKeys} keys and ${replays.second.operations} raw inserts in ${options.rounds} alternating rounds`,
      }),
    ];
  } finally {
    saves.sqlite.close();
    raw.sqlite.close();
    scratch.remove();
  }
}
