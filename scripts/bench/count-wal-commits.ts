// Counts the commits that really reached a SQLite write-ahead log, by reading the WAL file itself: every commit in
// WAL mode appends frames, and the last frame of a commit carries a non-zero "database size after commit" field.
// With synchronous=FULL each such commit is one fsync of the WAL. The log is emptied (checkpoint TRUNCATE) before the
// counted work, so every frame with the header's salts belongs to it.
import fs from "node:fs";
import type Database from "better-sqlite3";

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const WAL_MAGIC = [0x377f0682, 0x377f0683];

/** The number of commit frames in the WAL file of `databasePath` (0 when the log is empty or absent). */
export function readWalCommitCount(databasePath: string): number {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(`${databasePath}-wal`);
  } catch {
    return 0;
  }
  if (bytes.length < WAL_HEADER_BYTES) return 0;
  if (!WAL_MAGIC.includes(bytes.readUInt32BE(0))) throw new Error("not a SQLite WAL file");
  const pageSize = bytes.readUInt32BE(8);
  const salt1 = bytes.readUInt32BE(16);
  const salt2 = bytes.readUInt32BE(20);
  let commits = 0;
  for (let offset = WAL_HEADER_BYTES; offset + FRAME_HEADER_BYTES + pageSize <= bytes.length; offset += FRAME_HEADER_BYTES + pageSize) {
    // Frames left over from an earlier generation of the log carry other salts and are not part of it.
    if (bytes.readUInt32BE(offset + 8) !== salt1 || bytes.readUInt32BE(offset + 12) !== salt2) break;
    if (bytes.readUInt32BE(offset + 4) !== 0) commits += 1;
  }
  return commits;
}

/** Runs `work` on an emptied log and returns how many commits it made. */
export async function countWalCommits(options: { sqlite: Database.Database; path: string; work: () => Promise<unknown> | unknown }): Promise<number> {
  const { sqlite, path, work } = options;
  const [checkpoint] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
  if (!checkpoint || checkpoint.busy !== 0) throw new Error("could not empty the WAL before counting commits");
  if (readWalCommitCount(path) !== 0) throw new Error("the WAL still holds commits after a TRUNCATE checkpoint");
  await work();
  return readWalCommitCount(path);
}
