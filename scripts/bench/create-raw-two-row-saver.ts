// The physical minimum of an idempotent save: one transaction (BEGIN IMMEDIATE, two INSERTs, COMMIT) with prepared
// statements that writes the change row into `measurement` and the key row into `idempotency_record`, carrying the
// same bytes a real save stores for the same key and date (the change row's provenance included), on a connection
// opened with the app's own pragmas.
import "server-only";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { createFreshDateSource } from "./create-raw-inserter";

/** What a real save stored under one key: copied, with that save's date and key swapped for each call's own. */
export type StoredSaveTemplate = {
  date: string;
  key: string;
  operation: string;
  fingerprint: string;
  isError: number;
  outcome: string;
  /** The change row's provenance (JSON text): what the save recorded as each value's source. */
  provenance: string | null;
};

/** Reads the key row a real save just committed (the template for the raw rows). */
export function readStoredSave(handle: DatabaseHandle, options: { userId: string; key: string; date: string }): StoredSaveTemplate {
  const row = handle.sqlite
    .prepare("SELECT operation, fingerprint, is_error AS isError, outcome FROM idempotency_record WHERE user_id = ? AND key = ?")
    .get(options.userId, options.key) as Omit<StoredSaveTemplate, "date" | "key" | "provenance"> | undefined;
  if (!row) throw new Error(`no idempotency record for key ${options.key}`);
  for (const part of [options.date, options.key]) {
    if (row.outcome.split(part).length !== 2) throw new Error(`the stored outcome does not hold ${part} exactly once: ${row.outcome}`);
  }
  const change = handle.sqlite.prepare("SELECT provenance FROM measurement WHERE user_id = ? AND date = ?").get(options.userId, options.date) as
    { provenance: string | null } | undefined;
  if (!change) throw new Error(`no measurement of ${options.date} for the template's user`);
  return { ...row, provenance: change.provenance, date: options.date, key: options.key };
}

/** Returns a function that commits one new (change row, key row) pair per call, keyed by `keyOf(call number)`. */
export function createRawTwoRowSaver(options: { handle: DatabaseHandle; template: StoredSaveTemplate; keyOf: (call: number) => string }): () => void {
  const { handle, template, keyOf } = options;
  const { sqlite } = handle;
  const nextFreshDate = createFreshDateSource(handle);
  const begin = sqlite.prepare("BEGIN IMMEDIATE");
  const insertChange = sqlite.prepare("INSERT INTO measurement (user_id, date, weight_kg, provenance, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  // created_at is left to the column default, as the real save leaves it.
  const insertKey = sqlite.prepare("INSERT INTO idempotency_record (user_id, key, operation, fingerprint, is_error, outcome) VALUES (?, ?, ?, ?, ?, ?)");
  const commit = sqlite.prepare("COMMIT");
  const [beforeDate, afterDate] = template.outcome.split(template.date) as [string, string];
  let call = 0;
  return () => {
    const { userId, date } = nextFreshDate();
    const key = keyOf(call++);
    const outcome = `${beforeDate}${date}${afterDate}`.replace(template.key, key);
    const now = Date.now();
    begin.run();
    insertChange.run(userId, date, 77.4, template.provenance, now, now);
    insertKey.run(userId, key, template.operation, template.fingerprint, template.isError, outcome);
    commit.run();
  };
}
