// Figure 2: the scripted turn on a file database with synchronous=FULL: commits per turn counted in the WAL, and
// turns per second against raw single-row commits per second on the same file system, in alternating blocks.
import "server-only";
import path from "node:path";
import { openDatabase } from "@/db/sqlite/open-database";
import { createEntry, type BenchEntry } from "./bench-entry";
import { compareThroughput } from "./compare-throughput";
import { countWalCommits } from "./count-wal-commits";
import { createBenchDirectory } from "./create-bench-directory";
import { createRawInserter } from "./create-raw-inserter";
import { seedHarnessUser } from "./harness-conversation";
import { preparePalestraTurn } from "./run-palestra-turn";

export type DurableTurnOptions = { countedTurns: number; rounds: number; blockMs: number };

const RAW = "raw better-sqlite3 single-row insert transaction, same pragmas and file system";

export async function measureDurableTurns(options: DurableTurnOptions): Promise<BenchEntry[]> {
  const scratch = createBenchDirectory("durable");
  const turns = openDatabase(path.join(scratch.directory, "turns.db"));
  const raw = openDatabase(path.join(scratch.directory, "raw.db"));
  try {
    const userId = await seedHarnessUser(turns);
    const insertRaw = createRawInserter(raw);
    let turnIndex = 0;
    const runOneTurn = async () => {
      const result = await preparePalestraTurn({ handle: turns, userId, turnIndex: turnIndex++, withChatQuota: true })();
      if (result.outcome !== "answered" || !result.toolCalls.some((call) => call.name === "save_measurement" && call.status === "ok")) {
        throw new Error(`the durable turn did not save: ${result.outcome}`);
      }
    };

    // The counter is checked against the baseline first: one insert transaction must read as exactly one commit.
    const rawCommits = await countWalCommits({ sqlite: raw.sqlite, path: raw.path, work: insertRaw });
    if (rawCommits !== 1) throw new Error(`the WAL commit counter read ${rawCommits} commits for one insert transaction`);
    const perTurn: number[] = [];
    for (let index = 0; index < options.countedTurns; index += 1) {
      perTurn.push(await countWalCommits({ sqlite: turns.sqlite, path: turns.path, work: runOneTurn }));
    }
    const worst = Math.max(...perTurn);
    const distinct = [...new Set(perTurn)].sort().join(", ");

    const { first: turnRate, second: rawRate } = await compareThroughput({
      first: runOneTurn,
      second: insertRaw,
      rounds: options.rounds,
      blockMs: options.blockMs,
    });
    return [
      createEntry({
        name: "durable turn: commits per turn with a write",
        value: worst,
        unit: "commits",
        baseline: "commits of one raw single-row insert transaction (counter check)",
        baselineValue: rawCommits,
        target: { description: "<= 2", holds: ({ value }) => value <= 2 },
        digits: 0,
        note: `counted in the WAL over ${perTurn.length} turns admitted by the chat quota as POST /api/v1/chat admits them (values seen: ${distinct}); the worst turn is reported`,
      }),
      createEntry({
        name: "durable turns per second (file db, synchronous=FULL)",
        value: turnRate.perSecond,
        unit: "turns/s",
        baseline: RAW,
        baselineValue: rawRate.perSecond,
        digits: 1,
        note: `${turnRate.operations} turns and ${rawRate.operations} raw commits in ${options.rounds} alternating rounds; at 2 commits per turn the limit is a ratio of 0.5`,
      }),
    ];
  } finally {
    turns.sqlite.close();
    raw.sqlite.close();
    scratch.remove();
  }
}
