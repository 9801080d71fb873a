// The turn writer's thread: it owns a second connection to the database file and commits each turn's rows there, so
// the COMMIT (the WAL write and its fsync under synchronous=FULL) blocks this thread instead of the server's event loop.
// Plain JavaScript, loaded by Node as it is: it runs statements compiled on the main thread (compiled-statement.ts),
// one synchronous BEGIN IMMEDIATE transaction per group of batches (every turn handed over while the previous commit
// ran: one WAL append and fsync for all of them, each turn in a savepoint of its own), and answers each batch with its id.
// A keyed write (a save decided on the main thread, keyed-write-on-thread.ts) carries guards: look-ups that must find
// exactly what the main thread decided on, or its batch is rolled back and answered "stale" to be decided again.
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { commitGroup } from "./commit-group.mjs";

const { file, busyTimeoutMs, lock } = workerData;
const sqlite = new Database(file, { fileMustExist: true });
sqlite.pragma("synchronous = FULL");
sqlite.pragma("foreign_keys = ON");
sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
// The durability the main connection asserts (open-database.ts), asserted here too: a commit from this thread is
// acknowledged to a person exactly as one from the main thread.
for (const [name, expected] of [
  ["journal_mode", "wal"],
  ["synchronous", 2],
  ["foreign_keys", 1],
]) {
  const actual = sqlite.pragma(name, { simple: true });
  if (actual !== expected) throw new Error(`turn writer: PRAGMA ${name} is ${actual}, expected ${expected}`);
}

// Prepared once per text; a guard's look-up (raw: its values in column order) is kept apart from the same text run
// for objects, since raw mode belongs to the statement.
const prepared = new Map();
function statement(text, raw = false) {
  const key = raw ? `raw:${text}` : text;
  let found = prepared.get(key);
  if (found === undefined) {
    found = sqlite.prepare(text);
    if (raw) found.raw(true);
    prepared.set(key, found);
  }
  return found;
}

/** What a guard's look-up found is what the main thread read: no row for null, else the same values in order. */
function sameRow(found, expected) {
  if (expected === null) return found === undefined;
  if (found === undefined || found.length !== expected.length) return false;
  return found.every((value, index) => {
    const other = expected[index];
    if (value instanceof Uint8Array && other instanceof Uint8Array) return Buffer.compare(value, other) === 0;
    return value === other;
  });
}

/** Thrown inside a batch's savepoint when a guard fails: the batch is rolled back and answered "stale". */
class StaleWrite extends Error {}

/** A batch's rows on the open transaction; the quota use is counted when the turn row is not stored yet. */
function writeBatch(batch) {
  for (const [text, values, expected] of batch.guards ?? []) {
    if (!sameRow(statement(text, true).get(values), expected)) throw new StaleWrite("a row the write was decided on has changed");
  }
  let counted = false;
  if (batch.quota && statement(batch.quota.exists[0]).get(batch.quota.exists[1]) === undefined) {
    statement(batch.quota.count[0]).run(batch.quota.count[1]);
    counted = true;
  }
  for (const [text, values] of batch.statements) statement(text).run(values);
  return counted;
}

const answerError = (batch, error, phase) =>
  parentPort.postMessage(
    error instanceof StaleWrite
      ? { id: batch.id, ok: false, stale: true }
      : { id: batch.id, ok: false, phase, error: { name: error?.name, message: String(error?.message ?? error), code: error?.code } },
  );
const answerCommitted = (batch, counted) => parentPort.postMessage({ id: batch.id, ok: true, counted });

// The write lock shared with the main thread (shared-write-lock.ts): slot 0 who holds it (0 nobody, 1 this thread,
// 2 the main thread), slot 1 set while the main thread asks for it, which goes first. Advisory, as there: after
// busyTimeoutMs the transaction starts anyway and SQLite's own lock decides.
const slots = new Int32Array(lock);
function acquire() {
  const deadline = performance.now() + busyTimeoutMs;
  for (;;) {
    if (Atomics.load(slots, 1) === 0 && Atomics.compareExchange(slots, 0, 0, 1) === 0) return true;
    const left = deadline - performance.now();
    if (left <= 0) return false;
    const holder = Atomics.load(slots, 0);
    if (holder !== 0) Atomics.wait(slots, 0, holder, left);
    else Atomics.wait(slots, 1, 1, left);
  }
}
function release() {
  Atomics.compareExchange(slots, 0, 1, 0);
  Atomics.notify(slots, 0);
}

parentPort.on("message", (first) => {
  acquire();
  // Every batch handed over meanwhile (while the previous group committed, or while the main thread held the lock)
  // joins this one's transaction.
  const batches = [first];
  for (let next = receiveMessageOnPort(parentPort); next !== undefined; next = receiveMessageOnPort(parentPort)) batches.push(next.message);
  try {
    commitGroup(sqlite, batches, { write: writeBatch, committed: answerCommitted, failed: answerError });
  } finally {
    release();
  }
});
