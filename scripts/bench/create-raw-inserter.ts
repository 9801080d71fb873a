// The limit every write is measured against: one single-row insert transaction (BEGIN IMMEDIATE, INSERT, COMMIT) into
// the measurement table with prepared statements, on a connection opened with the app's own pragmas.
import "server-only";
import crypto from "node:crypto";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { user } from "@/db/sqlite/schema";
import { addDays } from "@/lib/measurements/dates";

/** Dates per user before the next insert moves to a fresh user (one record per user and date). */
const DATES_PER_USER = 9_000;

export function createBenchUser(handle: DatabaseHandle): string {
  const userId = crypto.randomUUID();
  handle.db
    .insert(user)
    .values({ id: userId, name: "Bench User", email: `${userId}@bench.test` })
    .run();
  return userId;
}

/** Hands out (user, date) pairs that hold no record yet, moving to a fresh user when one runs out of dates. */
export function createFreshDateSource(handle: DatabaseHandle): () => { userId: string; date: string } {
  let userId = createBenchUser(handle);
  let used = 0;
  return () => {
    if (used === DATES_PER_USER) {
      userId = createBenchUser(handle);
      used = 0;
    }
    return { userId, date: addDays("2000-01-01", used++) };
  };
}

/** Returns a function that commits one new measurement row per call. */
export function createRawInserter(handle: DatabaseHandle): () => void {
  const { sqlite } = handle;
  const nextFreshDate = createFreshDateSource(handle);
  const begin = sqlite.prepare("BEGIN IMMEDIATE");
  const insert = sqlite.prepare("INSERT INTO measurement (user_id, date, weight_kg, created_at, updated_at) VALUES (?, ?, ?, ?, ?)");
  const commit = sqlite.prepare("COMMIT");
  return () => {
    const { userId, date } = nextFreshDate();
    const now = Date.now();
    begin.run();
    insert.run(userId, date, 77.4, now, now);
    commit.run();
  };
}
