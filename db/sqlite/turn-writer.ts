// The main thread's side of the turn writer: a turn's end-of-turn commit is handed, compiled, to a worker thread that
// owns its own connection to the database file (turn-write-thread.mjs). While a turn commits there (the WAL write and
// its fsync, about 0.5 ms a turn alone and more under load), the event loop serves every other open request. The
// thread starts on the first write and stops after a while without one, so a quiet server or a test holds no thread.
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import type { CompiledStatement } from "./compiled-statement";
import { BUSY_TIMEOUT_MS, type DatabaseHandle } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { createSharedWriteLock, registerSharedWriteLock } from "./shared-write-lock";

/**
 * A look-up the thread runs first, in the batch's savepoint, and the row it must find: null for none, else the raw
 * values in column order. Any other answer rolls the batch back and answers it "stale".
 */
export type WriteGuard = readonly [sql: string, values: unknown[], expected: unknown[] | null];

export type TurnWriteBatch = {
  guards?: WriteGuard[];
  statements: CompiledStatement[];
  /** Counts the turn's quota use in the same transaction when the turn row is not stored yet. */
  quota?: { exists: CompiledStatement; count: CompiledStatement };
};

/** Written (and whether the quota use was counted by it), or not written because a guard found another row. */
export type TurnWriteResult = { counted: boolean; stale?: true };

/** Where a write failed on the thread: "begin" and "body" certainly wrote nothing, "commit" maybe did. */
export type TurnWritePhase = "begin" | "body" | "commit";

type Waiting = { resolve: (result: TurnWriteResult) => void; reject: (error: Error) => void };
type Reply =
  | { id: number; ok: true; counted: boolean }
  | { id: number; ok: false; stale: true }
  | { id: number; ok: false; phase: TurnWritePhase; error: { name?: string; message: string; code?: string } };

/** How long the thread stays without a write before it stops. */
const IDLE_MS = 10_000;

/** Where the thread's code is: beside this file in the repository, which `npm start` and the tests run from. */
export const turnWriteThreadFile = () => path.join(process.cwd(), "db", "sqlite", "turn-write-thread.mjs");

/**
 * A thread's error as the caller would have seen it from better-sqlite3 (its name and SQLite code kept), with the
 * phase it failed in. An error without a phase is the thread's own end: the write may or may not have committed.
 */
function toError(error: { name?: string; message: string; code?: string }, phase: TurnWritePhase): Error & { phase: TurnWritePhase } {
  return Object.assign(new Error(error.message), error.name ? { name: error.name } : {}, error.code ? { code: error.code } : {}, { phase });
}

/** The phase a turn writer's rejection names, or undefined when the thread stopped before answering. */
export function phaseOfTurnWriteError(error: unknown): TurnWritePhase | undefined {
  const phase = (error as { phase?: unknown } | null)?.phase;
  return phase === "begin" || phase === "body" || phase === "commit" ? phase : undefined;
}

class TurnWriter {
  private thread: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Shared with every thread this writer starts, and with runWriteTransaction on the main connection. */
  private readonly lock = createSharedWriteLock();

  constructor(
    private readonly file: string,
    sqlite: Database.Database,
  ) {
    registerSharedWriteLock(sqlite, this.lock);
  }

  /** Whether the thread is there: a turn was written through it less than IDLE_MS ago (the server is serving turns). */
  isRunning(): boolean {
    return this.thread !== undefined;
  }

  write(batch: TurnWriteBatch): Promise<TurnWriteResult> {
    const thread = this.thread ?? this.start();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    const written = new Promise<TurnWriteResult>((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      if (thread.waiting.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, ...batch });
    });
    this.inFlight.add(written);
    const forget = () => this.inFlight.delete(written);
    written.then(forget, forget);
    return written;
  }

  /** Lets the writes already handed over finish, then stops the thread (a later write would start a new one). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    clearTimeout(this.idleTimer);
    const thread = this.thread;
    this.thread = undefined;
    if (thread) await thread.worker.terminate();
  }

  private start(): NonNullable<TurnWriter["thread"]> {
    const worker = new Worker(turnWriteThreadFile(), { workerData: { file: this.file, busyTimeoutMs: BUSY_TIMEOUT_MS, lock: this.lock.buffer } });
    const thread = { worker, waiting: new Map<number, Waiting>() };
    this.thread = thread;
    worker.on("message", (reply: Reply) => {
      const waiting = thread.waiting.get(reply.id);
      if (!waiting) return;
      thread.waiting.delete(reply.id);
      if (reply.ok) waiting.resolve({ counted: reply.counted });
      else if ("stale" in reply) waiting.resolve({ counted: false, stale: true });
      else waiting.reject(toError(reply.error, reply.phase));
      if (thread.waiting.size === 0) this.idle(thread);
    });
    // A thread that fails or stops takes its unanswered writes with it: each may or may not have committed, and each
    // caller is told so; the next write starts a new thread.
    const fail = (error: Error) => {
      if (this.thread === thread) this.thread = undefined;
      for (const waiting of thread.waiting.values()) waiting.reject(error);
      thread.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the turn writer's thread stopped (exit code ${code}) before answering`)));
    return thread;
  }

  private idle(thread: NonNullable<TurnWriter["thread"]>): void {
    thread.worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.thread !== thread || thread.waiting.size > 0) return;
      this.thread = undefined;
      void thread.worker.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}

const writerOf = preparedPerConnection((handle: DatabaseHandle) => new TurnWriter(handle.path, handle.sqlite));

/** Stops the connection's turn writer, if it has one, after its writes in flight. */
export async function closeTurnWriter(handle: DatabaseHandle): Promise<void> {
  await turnWriterOf(handle)?.close();
}

/** The connection's turn writer, or undefined for a database without a file of its own (":memory:", ""), whose rows
 * no other connection can see: those write on the main thread. */
export function turnWriterOf(handle: DatabaseHandle): TurnWriter | undefined {
  if (handle.path === ":memory:" || handle.path === "") return undefined;
  return writerOf(handle);
}
