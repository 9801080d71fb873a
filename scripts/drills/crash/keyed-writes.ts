// The writes of the crash drill: one key per write, each with its own date and value, so that a duplicate or a stray row
// shows. Every tenth write is a set_goal instead, each with its own target, so that its `previous` chains them in order.
import { addDays } from "@/lib/measurements/dates";

export type KeyedWrite = { key: string; date: string; weight: number; kind?: "goal" };

export const GOAL_EVERY = 10;

export function keyedWriteAt(index: number): KeyedWrite {
  const write = { key: `crash-${index}`, date: addDays("1990-01-01", index), weight: 20 + (index % 3_800) / 10 };
  return index % GOAL_EVERY === GOAL_EVERY - 1 ? { ...write, kind: "goal" } : write;
}

/** The same write as a save always (the drills that send saves only, over HTTP to several instances). */
export function keyedSaveAt(index: number): KeyedWrite {
  const { kind: _kind, ...write } = keyedWriteAt(index);
  return write;
}

export function goalInputOf(write: KeyedWrite) {
  return { field: "weight_kg" as const, target: write.weight };
}

export function saveInputOf(write: KeyedWrite) {
  return { date: write.date, values: { weight_kg: write.weight }, note: `crash drill ${write.key}` };
}

/** A small seeded generator (mulberry32), so that a run's kill schedule can be reproduced from its seed. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
