// Figure 3: saveMeasurement (idempotent: look-up, claim, conflict check, upsert and recorded outcome in one
// transaction) for new keys against its physical minimum, a raw two-row transaction (the change row and the key row
// with the same stored bytes), with raw single-row inserts alongside as context; and replays against raw inserts.
import "server-only";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createEntry, type BenchEntry } from "./bench-entry";
import { compareThroughput, compareThroughputOf } from "./compare-throughput";
import { createBenchDirectory } from "./create-bench-directory";
import { createBenchUser, createFreshDateSource, createRawInserter } from "./create-raw-inserter";
import { createRawTwoRowSaver, readStoredSave } from "./create-raw-two-row-saver";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

export type SaveThroughputOptions = { rounds: number; blockMs: number; replayKeys: number };

const RAW = "raw better-sqlite3 single-row insert transaction, same pragmas";
const RAW_TWO_ROWS = "raw better-sqlite3 two-row transaction (change row + key row, same stored bytes), same pragmas";
const newKeyOf = (call: number) => `bench-new-${call}`;

async function saveOnce(options: { handle: DatabaseHandle; userId: string; key: string; date: string; expected: "executed" | "replayed" }): Promise<void> {
  const { handle, userId, key, date, expected } = options;
  const result = await saveMeasurement({
    store: createSqliteStore(handle),
    userId,
    idempotencyKey: key,
    input: { date, values: { weight_kg: 77.4 } },
    traceId: "bench",
    locale: "en",
  });
  if (result.status !== expected) throw new Error(`saveMeasurement answered ${result.status}, expected ${expected}`);
}

export async function measureSaveThroughput(options: SaveThroughputOptions): Promise<BenchEntry[]> {
  const scratch = createBenchDirectory("save");
  const saves = openDatabase(path.join(scratch.directory, "saves.db"));
  const raw = openDatabase(path.join(scratch.directory, "raw.db"));
  const rawTwoRows = openDatabase(path.join(scratch.directory, "raw-two-rows.db"));
  try {
    const insertRaw = createRawInserter(raw);
    // One real save in the two-row database gives the bytes its raw key rows carry (a save's own outcome and fingerprint).
    const templateUser = createBenchUser(rawTwoRows);
    const template = { userId: templateUser, key: newKeyOf(999_999), date: "1999-12-31" };
    await saveOnce({ handle: rawTwoRows, ...template, expected: "executed" });
    const saveRawTwoRows = createRawTwoRowSaver({ handle: rawTwoRows, template: readStoredSave(rawTwoRows, template), keyOf: newKeyOf });
    const nextFreshDate = createFreshDateSource(saves);
    let keyNumber = 0;
    const saveNewKey = () => {
      const { userId, date } = nextFreshDate();
      return saveOnce({ handle: saves, userId, key: newKeyOf(keyNumber++), date, expected: "executed" });
    };
    const newKeys = await compareThroughputOf({
      operations: { save: saveNewKey, twoRows: saveRawTwoRows, oneRow: insertRaw },
      rounds: options.rounds,
      blockMs: options.blockMs,
    });

    const replayUser = createBenchUser(saves);
    for (let index = 0; index < options.replayKeys; index += 1) {
      await saveOnce({
        handle: saves,
        userId: replayUser,
        key: `bench-known-${index}`,
        date: `2001-01-${String((index % 28) + 1).padStart(2, "0")}`,
        expected: "executed",
      });
    }
    let replayNumber = 0;
    const replayKnownKey = () => {
      const index = replayNumber++ % options.replayKeys;
      return saveOnce({
        handle: saves,
        userId: replayUser,
        key: `bench-known-${index}`,
        date: `2001-01-${String((index % 28) + 1).padStart(2, "0")}`,
        expected: "replayed",
      });
    };
    const replays = await compareThroughput({ first: replayKnownKey, second: insertRaw, rounds: options.rounds, blockMs: options.blockMs });

    const newKeysNote = `${newKeys.save.operations} saves, ${newKeys.twoRows.operations} raw two-row and ${newKeys.oneRow.operations} raw single-row transactions in ${options.rounds} alternating rounds`;
    return [
      createEntry({
        name: "saveMeasurement, new keys",
        value: newKeys.save.perSecond,
        unit: "saves/s",
        baseline: RAW_TWO_ROWS,
        baselineValue: newKeys.twoRows.perSecond,
        target: { description: "ratio >= 0.9", holds: ({ ratio }) => ratio !== null && ratio >= 0.9 },
        digits: 1,
        note: newKeysNote,
      }),
      createEntry({
        name: "saveMeasurement, new keys, against single-row inserts",
        value: newKeys.save.perSecond,
        unit: "saves/s",
        baseline: RAW,
        baselineValue: newKeys.oneRow.perSecond,
        digits: 1,
        note: `context for the figure above (a save commits two rows, this baseline one); ${newKeysNote}`,
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
    rawTwoRows.sqlite.close();
    scratch.remove();
  }
}
