// A write lock shared by the main thread's connection and the turn writer's thread (turn-write-thread.mjs), in shared
// memory. Without it the two connections meet only at SQLite's lock, and the loser sleeps in SQLite's busy handler
// (1, 2, 5, 10 ... ms): measured with the thread committing turns back to back, a save on the main thread waited
// p99 40 ms, max 60 ms, the whole event loop with it. With it the main thread waits exactly until the thread's one
// transaction ends (it is woken, never polls), and goes first: the thread starts no transaction while the main thread
// asks for the lock. The lock is advisory: SQLite's own lock still decides, so a connection that does not take this
// one (another process, a write outside runWriteTransaction) is as safe as before, and a lock not released in
// BUSY_TIMEOUT_MS is taken anyway.
import "server-only";
import type Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "./open-database";

/** Slot 0: who holds the lock (0 nobody, 1 the thread, 2 the main thread). Slot 1: 1 while the main thread asks. */
export const HOLDER = 0;
export const MAIN_ASKS = 1;
const THREAD = 1;
const MAIN = 2;

export type SharedWriteLock = {
  buffer: SharedArrayBuffer;
  /** False when not taken: already held by this thread (a nested write), or not released in time. */
  acquire(): boolean;
  release(): void;
};

export function createSharedWriteLock(): SharedWriteLock {
  const buffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const slots = new Int32Array(buffer);
  return {
    buffer,
    acquire() {
      if (Atomics.load(slots, HOLDER) === MAIN) return false;
      Atomics.store(slots, MAIN_ASKS, 1);
      const deadline = performance.now() + BUSY_TIMEOUT_MS;
      let taken = false;
      while (!(taken = Atomics.compareExchange(slots, HOLDER, 0, MAIN) === 0)) {
        const left = deadline - performance.now();
        if (left <= 0) break;
        Atomics.wait(slots, HOLDER, THREAD, left);
      }
      Atomics.store(slots, MAIN_ASKS, 0);
      Atomics.notify(slots, MAIN_ASKS);
      return taken;
    },
    release() {
      Atomics.compareExchange(slots, HOLDER, MAIN, 0);
      Atomics.notify(slots, HOLDER);
    },
  };
}

/** The lock of each main-thread connection whose file has a turn writer's thread. */
const locks = new WeakMap<Database.Database, SharedWriteLock>();

export function registerSharedWriteLock(sqlite: Database.Database, lock: SharedWriteLock): void {
  locks.set(sqlite, lock);
}

/** The connection's shared lock, if its file has a turn writer (for tests of the lock itself). */
export function sharedWriteLockOf(sqlite: Database.Database): SharedWriteLock | undefined {
  return locks.get(sqlite);
}

/** Runs a synchronous write transaction holding the connection's shared lock, when it has one. */
export function withSharedWriteLock<T>(sqlite: Database.Database, write: () => T): T {
  const lock = locks.get(sqlite);
  if (lock === undefined) return write();
  const taken = lock.acquire();
  try {
    return write();
  } finally {
    if (taken) lock.release();
  }
}
