// Start-up checks of the Node.js server: a valid environment (and the entry's policy made from it), an open migrated
// database, stale idempotency keys purged.
import "server-only";
import { EnvError, getEnv } from "@/lib/env";
import { createEntryPolicy, publishEntryPolicy, type EntryPolicy } from "@/lib/http/entry-policy";
import { purgeExpiredIdempotencyRecords } from "@/lib/measurements/idempotency-records";
import { prepareStore } from "@/lib/scope/get-store";

/**
 * Validates the environment and opens the database (applying migrations); a bad value stops the process. The entry
 * policy is published last: scripts/serve.mjs starts listening once it is there, so no request meets an unmigrated
 * database.
 */
export async function prepareServer(): Promise<void> {
  let policy: EntryPolicy;
  try {
    policy = createEntryPolicy(getEnv());
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    // Fail the start with the message naming the variable, not a stack trace from the first request.
    console.error(`Palestra cannot start. ${error.message}`);
    process.exit(1);
  }
  const purged = await purgeExpiredIdempotencyRecords({ store: await prepareStore() });
  if (purged > 0) console.info(`Purged ${purged} expired idempotency records.`);
  publishEntryPolicy(policy);
}
