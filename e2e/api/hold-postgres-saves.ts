// Holds the PostgreSQL server's saves of one (user, date) from a connection of the test's own: it takes the advisory
// lock the adapter's save takes first inside its transaction (db/postgres/measurement-store.ts), so a save of that date
// waits there, after its Idempotency-Key claim has committed and before its change and outcome can.
import fs from "node:fs";
import pg from "pg";
import { servers } from "../servers";

export type HeldSaves = {
  /** Resolves once a save is waiting for the held lock: its claim is committed, its outcome is not. */
  untilOneWaits(): Promise<void>;
  /** The key's rows for the user: claims (no outcome) and completed records. */
  keyRecords(key: string): Promise<{ completed: number; claims: number }>;
  /** Lets the waiting save go on. */
  release(): Promise<void>;
  close(): Promise<void>;
};

export async function holdPostgresSaves(options: { email: string; date: string }): Promise<HeldSaves> {
  const client = new pg.Client({ connectionString: fs.readFileSync(servers.postgresDatabaseUrlFile, "utf8").trim() });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [options.email]);
  const userId = rows[0]?.id;
  if (!userId) throw new Error(`no user ${options.email} in the PostgreSQL server's database`);
  // The same text the adapter hashes for (user, date).
  const lockKey = JSON.stringify([userId, options.date]);
  await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [lockKey]);
  let released = false;
  return {
    untilOneWaits: async () => {
      // Polled, not slept on: the spec's own timeout bounds it if no save ever comes.
      for (;;) {
        // This lock only (a 64-bit advisory key is split into classid and objid): other specs' saves wait on their own.
        const waiting = await client.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objsubid = 1
             AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
          [lockKey],
        );
        if (waiting.rowCount) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    keyRecords: async (key) => {
      const counts = await client.query<{ completed: string; claims: string }>(
        `SELECT count(*) FILTER (WHERE outcome IS NOT NULL) AS completed, count(*) FILTER (WHERE outcome IS NULL) AS claims
           FROM idempotency_record WHERE user_id = $1 AND key = $2`,
        [userId, key],
      );
      return { completed: Number(counts.rows[0]?.completed), claims: Number(counts.rows[0]?.claims) };
    },
    release: async () => {
      if (released) return;
      released = true;
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [lockKey]);
    },
    // Ending the session releases the lock too, should the spec fail while holding it.
    close: () => client.end(),
  };
}
