// Runs one transaction on its own pooled connection and reports WHERE it failed, which is what classifies a failed
// write: an error before COMMIT was sent rolled back (nothing written); a connection lost while COMMIT was in flight,
// or no answer to it within the deadline, leaves the outcome unknown.
import "server-only";
import pg from "pg";
import { isMissingPreparedStatement, prepareOn, type SessionStatement } from "./session-statements";

export type PostgresTransactionResult<T> =
  /** The body ran to its end; `committed` is false when the body chose to roll back (nothing to write). */
  | { status: "done"; committed: boolean; value: T }
  /** Certainly nothing was written: no connection or BEGIN refused, an error in the body, or COMMIT answered by a rollback. */
  | { status: "failed"; phase: "begin" | "body"; error: unknown }
  /** Maybe written: COMMIT was sent and no answer came (connection lost, or none within the deadline). */
  | { status: "uncertain"; phase: "commit" | "after_commit"; error: unknown };

/** BEGIN on a pooled connection that turns out dead is tried once more on a fresh one. */
const BEGIN_ATTEMPTS = 2;

/** Thrown in place of COMMIT's answer when none came within the deadline. */
export class CommitTimeoutError extends Error {}

/** The server answered COMMIT with ROLLBACK (the transaction had already failed): nothing was written. */
export class CommitRolledBackError extends Error {}

export async function runPostgresTransaction<T>(options: {
  pool: pg.Pool;
  /** `begun` holds the answers to `begin`'s statements, one result per statement. */
  body: (client: pg.PoolClient, begun: pg.QueryResult[]) => Promise<{ commit: boolean; value: T }>;
  /**
   * What opens the transaction, sent as one simple query: "BEGIN" unless the caller adds statements of its own with no
   * parameters (the save's advisory locks), which then cost no round trip of their own. An error in it writes nothing.
   */
  begin?: string;
  /** Statements `begin` EXECUTEs: prepared on the connection first, unless it has them (session-statements.ts). */
  prepare?: readonly SessionStatement[];
  /** How long COMMIT may go unanswered before the outcome is declared unknown. */
  commitTimeoutMs: number;
  /** The drills' stand-in for COMMIT (lib/store's WriteTransactionHooks): a throw is a failure "at COMMIT". */
  inPlaceOfCommit?: () => void;
  /** Runs after COMMIT returned; a throw makes the outcome uncertain (the data is stored). */
  afterCommit?: () => void;
}): Promise<PostgresTransactionResult<T>> {
  let client: pg.PoolClient | undefined;
  // A checked-out client whose connection drops emits "error"; unheard, it would crash the process.
  let connectionLost = false;
  const onConnectionError = () => {
    connectionLost = true;
  };
  const release = (destroy: boolean) => {
    client?.off("error", onConnectionError);
    client?.release(destroy || connectionLost);
  };
  let begun: pg.QueryResult[] | undefined;
  // A pooled connection that died while idle (the server restarted, a proxy cut it) is found out only by using it. BEGIN
  // on it fails before anything of the transaction was sent, so it is tried once more on a fresh connection; an error
  // the server answered (a DatabaseError) is not retried, unless it says a prepared statement is gone from the session
  // (the fresh connection prepares its own). The failed connection is never reused: its prepared set is unknown.
  for (let attempt = 1; begun === undefined; attempt += 1) {
    try {
      client = await options.pool.connect();
      connectionLost = false;
      client.on("error", onConnectionError);
      if (options.prepare) await prepareOn(client, options.prepare);
      const answer: pg.QueryResult | pg.QueryResult[] = await client.query(options.begin ?? "BEGIN");
      begun = Array.isArray(answer) ? answer : [answer];
    } catch (error) {
      release(true);
      client = undefined;
      if (attempt >= BEGIN_ATTEMPTS || (error instanceof pg.DatabaseError && !isMissingPreparedStatement(error)))
        return { status: "failed", phase: "begin", error };
    }
  }
  if (client === undefined) return { status: "failed", phase: "begin", error: new Error("no connection") };
  let result: { commit: boolean; value: T };
  try {
    result = await options.body(client, begun);
  } catch (error) {
    release(!(await rollbackQuietly(client)));
    return { status: "failed", phase: "body", error };
  }
  if (!result.commit || connectionLost) {
    release(!(await rollbackQuietly(client)));
    if (connectionLost) return { status: "failed", phase: "body", error: new Error("the database connection was lost before COMMIT was sent") };
    return { status: "done", committed: false, value: result.value };
  }
  try {
    options.inPlaceOfCommit?.();
  } catch (error) {
    release(!(await rollbackQuietly(client)));
    return { status: "uncertain", phase: "commit", error };
  }
  try {
    const answer = await answerWithin(client.query("COMMIT"), options.commitTimeoutMs);
    if (answer.command !== "COMMIT") throw new CommitRolledBackError(`COMMIT answered ${answer.command}`);
  } catch (error) {
    // An error the server sent back (or a COMMIT turned into ROLLBACK) is an answer: the transaction is rolled back.
    if (error instanceof pg.DatabaseError || error instanceof CommitRolledBackError) {
      release(false);
      return { status: "failed", phase: "body", error };
    }
    release(true);
    return { status: "uncertain", phase: "commit", error };
  }
  release(false);
  try {
    options.afterCommit?.();
  } catch (error) {
    return { status: "uncertain", phase: "after_commit", error };
  }
  return { status: "done", committed: true, value: result.value };
}

/** false when the connection is gone (the server rolls back a transaction whose connection closed). */
async function rollbackQuietly(client: pg.PoolClient): Promise<boolean> {
  try {
    await client.query("ROLLBACK");
    return true;
  } catch {
    return false;
  }
}

async function answerWithin<T>(query: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommitTimeoutError(`no answer to COMMIT within ${timeoutMs} ms`)), timeoutMs);
  });
  // A late answer or error after the timeout must not surface as an unhandled rejection.
  query.catch(() => {});
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
